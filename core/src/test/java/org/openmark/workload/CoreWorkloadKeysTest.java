package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Status;

/** Request distributions through the workload, and the acknowledged-insert rules. */
class CoreWorkloadKeysTest {

    /** Key numbers of the next reads (insertorder=ordered, so the name is "user" + number). */
    private static long[] readKeys(WorkloadClient c, int count) {
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            Operation op = c.nextOperation();
            assertEquals("READ", op.name());
            keys[i] = Long.parseLong(Operations.key(op).substring(4));
        }
        return keys;
    }

    private static CoreWorkload readsOnly(String... more) {
        List<String> pairs = new ArrayList<>(List.of("recordcount", "1000", "readproportion", "1",
                "updateproportion", "0", "insertorder", "ordered"));
        pairs.addAll(List.of(more));
        return TestWorkloads.core(pairs.toArray(String[]::new));
    }

    @Test
    void uniform_readKeys_coverLoadedRange() {
        long[] keys = readKeys(readsOnly("insertstart", "100", "insertcount", "500").newClient(0, 1, 1), 20_000);
        long[] buckets = new long[10];
        for (long k : keys) {
            assertTrue(k >= 100 && k < 600, "key " + k);
            buckets[(int) ((k - 100) / 50)]++;
        }
        org.openmark.workload.generator.ChiSquare.assertFits(new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, buckets,
                "uniform keys");
    }

    @Test
    void latest_readKeys_favourTheNewestRecord() {
        long[] keys = readKeys(readsOnly("requestdistribution", "latest").newClient(0, 1, 2), 20_000);
        Map<Long, Integer> counts = new HashMap<>();
        long newestTenth = 0;
        for (long k : keys) {
            assertTrue(k >= 1 && k <= 999, "key " + k);
            counts.merge(k, 1, Integer::sum);
            newestTenth += k >= 900 ? 1 : 0;
        }
        long top = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        assertEquals(999, top);
        assertTrue(newestTenth > keys.length / 2, "reads of the newest 10%: " + newestTenth);
    }

    @Test
    void hotspot_readKeys_hitTheHotSetAtTheOperationFraction() {
        long[] keys = readKeys(readsOnly("requestdistribution", "hotspot", "hotspotdatafraction", "0.1",
                "hotspotopnfraction", "0.7").newClient(0, 1, 3), 20_000);
        long hot = 0;
        for (long k : keys) {
            hot += k < 100 ? 1 : 0;
        }
        assertEquals(0.7, hot / (double) keys.length, 0.015);
    }

    @Test
    void sequential_readKeys_walkTheRangeInOrder() {
        long[] keys = readKeys(readsOnly("recordcount", "5", "requestdistribution", "sequential").newClient(0, 1, 4), 7);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 0L, 1L), java.util.Arrays.stream(keys).boxed().toList());
    }

    @Test
    void exponential_readKeys_fallNearTheNewestAtThePercentile() {
        long[] keys = readKeys(readsOnly("requestdistribution", "exponential").newClient(0, 1, 5), 40_000);
        // distance d = floor(x) with P(x > t) = exp(-gamma t), gamma set so 95% fall within 1000 * 0.857…;
        // distances past key 0 are redrawn, so the share is conditional on d <= 999
        double gamma = -Math.log(0.05) / (1000 * 0.8571428571);
        double expected = (1 - Math.exp(-gamma * 858)) / (1 - Math.exp(-gamma * 1000));
        long near = 0;
        for (long k : keys) {
            assertTrue(k >= 0 && k <= 999, "key " + k);
            near += 999 - k <= 857 ? 1 : 0;
        }
        assertEquals(expected, near / (double) keys.length, 0.005);
    }

    @Test
    void zipfian_keyRange_reservesRoomForExpectedInsertsButReadsOnlyAcknowledged() {
        CoreWorkload w = TestWorkloads.core(Clock.system(), OptionalLong.of(1_000), "recordcount", "100",
                "insertorder", "ordered", "requestdistribution", "zipfian", "readproportion", "0.5",
                "updateproportion", "0", "insertproportion", "0.5");
        assertEquals(100 + 1_000, w.zipfianMaxKey());
        WorkloadClient c = w.newClient(0, 1, 6);
        MapSession session = new MapSession();
        List<Operation> pendingInserts = new ArrayList<>();
        long maxRead = -1;
        for (int i = 0; i < 2_000; i++) {
            Operation op = c.nextOperation();
            if (op.name().equals("INSERT")) {
                pendingInserts.add(op);
            } else {
                maxRead = Math.max(maxRead, Long.parseLong(Operations.key(op).substring(4)));
            }
        }
        assertTrue(maxRead <= 99, "read an unacknowledged key " + maxRead);
        pendingInserts.forEach(op -> op.execute(session));
        long acknowledged = w.runInsertKeys().lastAcknowledged();
        assertEquals(99 + pendingInserts.size(), acknowledged);
        long maxAfter = -1;
        for (int i = 0; i < 4_000; i++) {
            Operation op = c.nextOperation();
            if (op.name().equals("READ")) {
                long k = Long.parseLong(Operations.key(op).substring(4));
                assertTrue(k <= acknowledged, "read an unacknowledged key " + k);
                maxAfter = Math.max(maxAfter, k);
            }
        }
        assertTrue(maxAfter > 99, "newly acknowledged keys are read too");
    }

    @Test
    void insert_executedEvenWhenFailing_acknowledgesItsKey() {
        CoreWorkload w = TestWorkloads.core("recordcount", "100", "readproportion", "0", "updateproportion", "0",
                "insertproportion", "1", "insertorder", "ordered");
        WorkloadClient c = w.newClient(0, 1, 7);
        Operation first = c.nextOperation();
        Operation second = c.nextOperation();
        assertEquals("user100", Operations.key(first));
        assertEquals("user101", Operations.key(second));
        assertEquals(99, w.runInsertKeys().lastAcknowledged());

        MapSession failing = new MapSession();
        failing.insertFailures.add(Status.ERROR);
        second.execute(new MapSession());
        assertEquals(99, w.runInsertKeys().lastAcknowledged(), "101 waits for 100");
        assertEquals(Status.ERROR, first.execute(failing));
        assertEquals(101, w.runInsertKeys().lastAcknowledged());
    }

    @Test
    void latest_afterInserts_readsTheInsertedKeys() {
        CoreWorkload w = TestWorkloads.core("recordcount", "1000", "readproportion", "0.5", "updateproportion", "0",
                "insertproportion", "0.5", "insertorder", "ordered", "requestdistribution", "latest");
        WorkloadClient c = w.newClient(0, 1, 8);
        MapSession session = new MapSession();
        Map<Long, Integer> reads = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            Operation op = c.nextOperation();
            if (op.name().equals("INSERT")) {
                op.execute(session);
            } else {
                reads.merge(Long.parseLong(Operations.key(op).substring(4)), 1, Integer::sum);
            }
        }
        long newest = w.runInsertKeys().lastAcknowledged();
        assertTrue(newest > 5_000, "about 10000 inserts were acknowledged, last " + newest);
        long recent = reads.entrySet().stream().filter(e -> e.getKey() > 1_000).mapToLong(Map.Entry::getValue).sum();
        long total = reads.values().stream().mapToLong(Integer::longValue).sum();
        assertTrue(recent > total * 0.9, "reads of run-phase inserts: " + recent + " of " + total);
    }
}
