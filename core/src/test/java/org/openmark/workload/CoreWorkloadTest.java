package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.workload.generator.ChiSquare;

class CoreWorkloadTest {
    private static final String[] ALL_OPERATIONS = {"recordcount", "1000", "requestdistribution", "zipfian",
        "readproportion", "0.3", "updateproportion", "0.2", "insertproportion", "0.1", "scanproportion", "0.1",
        "readmodifywriteproportion", "0.2", "deleteproportion", "0.1", "maxscanlength", "20"};

    private static List<String> run(CoreWorkload w, long seed, int count) {
        WorkloadClient c = w.newClient(0, 1, seed);
        List<String> ops = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ops.add(Operations.describe(c.nextOperation()));
        }
        return ops;
    }

    @Test
    void nextOperation_sameSeed_replaysTheSameSequence() {
        List<String> first = run(TestWorkloads.core(ALL_OPERATIONS), 1234, 2_000);
        List<String> second = run(TestWorkloads.core(ALL_OPERATIONS), 1234, 2_000);
        assertEquals(first, second);
    }

    @Test
    void nextOperation_differentSeedOrClient_givesAnotherSequence() {
        List<String> a = run(TestWorkloads.core(ALL_OPERATIONS), 1234, 200);
        List<String> b = run(TestWorkloads.core(ALL_OPERATIONS), 1235, 200);
        assertNotEquals(a, b);
        CoreWorkload w = TestWorkloads.core(ALL_OPERATIONS);
        WorkloadClient c0 = w.newClient(0, 2, 1234);
        WorkloadClient c1 = w.newClient(1, 2, 1234);
        List<String> s0 = new ArrayList<>();
        List<String> s1 = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            s0.add(Operations.describe(c0.nextOperation()));
            s1.add(Operations.describe(c1.nextOperation()));
        }
        assertNotEquals(s0, s1);
    }

    @Test
    void nextOperation_mix_fitsProportions() {
        CoreWorkload w = TestWorkloads.core(ALL_OPERATIONS);
        WorkloadClient c = w.newClient(0, 1, 7);
        List<String> names = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE", "DELETE");
        long[] counts = new long[names.size()];
        for (int i = 0; i < 60_000; i++) {
            counts[names.indexOf(c.nextOperation().name())]++;
        }
        ChiSquare.assertFits(new double[] {0.3, 0.2, 0.1, 0.1, 0.2, 0.1}, counts, "operation mix");
    }

    @Test
    void nextOperation_eachKind_callsTheSessionAsYcsb() {
        CoreWorkload w = TestWorkloads.core(ALL_OPERATIONS);
        MapSession session = new MapSession();
        TestWorkloads.load(w, session, 3);
        WorkloadClient c = w.newClient(0, 1, 3);
        Set<String> seen = new HashSet<>();
        while (seen.size() < 6) {
            Operation op = c.nextOperation();
            session.calls.clear();
            Status status = op.execute(session);
            String key = Operations.key(op);
            List<String> expectedCalls = switch (op.name()) {
                case "READ" -> List.of("READ " + key);
                case "UPDATE" -> List.of("UPDATE " + key);
                case "INSERT" -> List.of("INSERT " + key);
                case "SCAN" -> List.of("SCAN " + key + " " + ((ScanOperation) op).recordCount());
                case "DELETE" -> List.of("DELETE " + key);
                case "READ-MODIFY-WRITE" -> status == Status.NOT_FOUND
                        ? List.of("READ " + key) : List.of("READ " + key, "UPDATE " + key);
                default -> throw new AssertionError(op.name());
            };
            assertEquals(expectedCalls, session.calls);
            assertEquals(op.name().equals("READ-MODIFY-WRITE"), op.composite(), op.name());
            seen.add(op.name());
        }
    }

    @Test
    void nextOperation_readAllFields_passesNullOrAllNames() {
        ReadOperation plain = (ReadOperation) TestWorkloads.core("recordcount", "10", "readproportion", "1", "updateproportion", "0")
                .newClient(0, 1, 1).nextOperation();
        assertNull(plain.fields());
        ReadOperation byName = (ReadOperation) TestWorkloads.core("recordcount", "10", "readproportion", "1", "updateproportion", "0",
                "readallfieldsbyname", "true", "fieldcount", "3").newClient(0, 1, 1).nextOperation();
        assertEquals(List.of("field0", "field1", "field2"), new ArrayList<>(byName.fields()));
    }

    @Test
    void nextOperation_readOneField_choosesFieldsUniformly() {
        WorkloadClient c = TestWorkloads.core("recordcount", "10", "readproportion", "1", "updateproportion", "0", "readallfields", "false",
                "fieldcount", "5", "fieldnameprefix", "f").newClient(0, 1, 2);
        long[] counts = new long[5];
        for (int i = 0; i < 20_000; i++) {
            Set<String> fields = ((ReadOperation) c.nextOperation()).fields();
            assertEquals(1, fields.size());
            counts[Integer.parseInt(fields.iterator().next().substring(1))]++;
        }
        ChiSquare.assertFits(new double[] {1, 1, 1, 1, 1}, counts, "read field choice");
    }

    @Test
    void nextOperation_writeAllFields_updatesEveryField() {
        WorkloadClient one = TestWorkloads.core("recordcount", "10", "readproportion", "0", "updateproportion", "1")
                .newClient(0, 1, 1);
        assertEquals(1, ((UpdateOperation) one.nextOperation()).values().size());
        WorkloadClient all = TestWorkloads.core("recordcount", "10", "readproportion", "0", "updateproportion", "1",
                "writeallfields", "true").newClient(0, 1, 1);
        Map<String, byte[]> values = ((UpdateOperation) all.nextOperation()).values();
        assertEquals(10, values.size());
        assertEquals(new HashSet<>(List.of("field0", "field1", "field2", "field3", "field4", "field5", "field6",
                "field7", "field8", "field9")), values.keySet());
        values.forEach((f, v) -> assertEquals(100, v.length, f));
    }

    @Test
    void insertValues_randomBytes_arePrintableAndDifferPerField() {
        Operation op = TestWorkloads.core("recordcount", "10").newClient(0, 1, 5).nextLoadOperation();
        Map<String, byte[]> values = ((LoadInsertOperation) op).values();
        Set<String> distinct = new HashSet<>();
        values.forEach((f, v) -> {
            for (byte b : v) {
                assertTrue(b >= ' ' && b <= '~', "unprintable byte " + b + " in " + f);
            }
            distinct.add(new String(v, java.nio.charset.StandardCharsets.ISO_8859_1));
        });
        assertEquals(10, distinct.size());
    }

    @Test
    void fieldLengths_uniform_coverTheRangeUniformly() {
        WorkloadClient c = TestWorkloads.core("recordcount", "2000", "fieldlengthdistribution", "uniform",
                "minfieldlength", "10", "fieldlength", "19").newClient(0, 1, 6);
        long[] counts = new long[10];
        for (int i = 0; i < 2_000; i++) {
            for (byte[] v : ((LoadInsertOperation) nextLoad(c)).values().values()) {
                counts[v.length - 10]++;
            }
        }
        double[] flat = new double[10];
        java.util.Arrays.fill(flat, 1);
        ChiSquare.assertFits(flat, counts, "uniform field lengths");
    }

    /** The next load insert, which must exist. */
    private static Operation nextLoad(WorkloadClient c) {
        Operation op = c.nextLoadOperation();
        assertInstanceOf(LoadInsertOperation.class, op, "load share exhausted");
        return op;
    }

    @Test
    void fieldLengths_zipfian_favourShortFieldsWithinBounds() {
        WorkloadClient c = TestWorkloads.core("recordcount", "5000", "fieldlengthdistribution", "zipfian",
                "minfieldlength", "10", "fieldlength", "100").newClient(0, 1, 7);
        long atMin = 0;
        long total = 0;
        long sum = 0;
        for (int i = 0; i < 2_000; i++) {
            for (byte[] v : ((LoadInsertOperation) nextLoad(c)).values().values()) {
                assertTrue(v.length >= 10 && v.length <= 100, "length " + v.length);
                atMin += v.length == 10 ? 1 : 0;
                sum += v.length;
                total++;
            }
        }
        assertTrue(atMin > total / 10, "the shortest length is the most popular: " + atMin + " of " + total);
        assertTrue(sum / (double) total < 40, "mean length " + sum / (double) total);
    }

    @Test
    void fieldLengths_constant_areExact() {
        WorkloadClient c = TestWorkloads.core("recordcount", "10", "fieldlength", "37", "fieldcount", "4")
                .newClient(0, 1, 8);
        Map<String, byte[]> values = ((LoadInsertOperation) c.nextLoadOperation()).values();
        assertEquals(4, values.size());
        values.values().forEach(v -> assertEquals(37, v.length));
    }

    @Test
    void scanLengths_uniform_stayWithinBoundsAndReachBoth() {
        WorkloadClient c = TestWorkloads.core("recordcount", "100", "readproportion", "0", "updateproportion", "0", "scanproportion", "1",
                "minscanlength", "5", "maxscanlength", "10").newClient(0, 1, 9);
        Set<Integer> lengths = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            int n = ((ScanOperation) c.nextOperation()).recordCount();
            assertTrue(n >= 5 && n <= 10, "scan length " + n);
            lengths.add(n);
        }
        assertEquals(Set.of(5, 6, 7, 8, 9, 10), lengths);
    }

    @Test
    void scanLengths_zipfian_favourShortScans() {
        WorkloadClient c = TestWorkloads.core("recordcount", "100", "readproportion", "0", "updateproportion", "0", "scanproportion", "1",
                "minscanlength", "2", "maxscanlength", "100", "scanlengthdistribution", "zipfian").newClient(0, 1, 10);
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            int n = ((ScanOperation) c.nextOperation()).recordCount();
            assertTrue(n >= 2 && n <= 100, "scan length " + n);
            counts.merge(n, 1, Integer::sum);
        }
        assertTrue(counts.get(2) > counts.get(3) && counts.get(3) > counts.getOrDefault(50, 0));
    }

    @Test
    void newClient_indexOutOfRange_throws() {
        CoreWorkload w = TestWorkloads.core("recordcount", "10");
        assertThrows(IllegalArgumentException.class, () -> w.newClient(2, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> w.newClient(0, 0, 1));
    }

    @Test
    void nextOperation_deletesOnly_touchLoadedKeys() {
        CoreWorkload w = TestWorkloads.core("recordcount", "50", "readproportion", "0", "updateproportion", "0", "deleteproportion", "1",
                "insertorder", "ordered");
        WorkloadClient c = w.newClient(0, 1, 11);
        for (int i = 0; i < 500; i++) {
            Operation op = c.nextOperation();
            assertEquals("DELETE", op.name());
            long n = Long.parseLong(Operations.key(op).substring(4));
            assertTrue(n >= 0 && n < 50, "key " + n);
        }
        assertFalse(w.config().dataIntegrity());
    }

    /** Runs {@code count} operations on a fresh session: each made when the previous has run, or all made first. */
    private static List<String> madeAndRun(CoreWorkload w, int count, boolean allMadeFirst) {
        MapSession session = new MapSession();
        TestWorkloads.load(w, session, 5);
        WorkloadClient c = w.newClient(0, 1, 77);
        List<Operation> made = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Operation op = c.nextOperation();
            if (allMadeFirst) {
                made.add(op);
            } else {
                op.execute(session);
            }
            described.add(Operations.describe(op));
        }
        made.forEach(op -> op.execute(session));
        return described;
    }

    @Test
    void makesAheadAlike_withoutRunInserts_theOperationsMadeAheadAreTheSame() {
        String[] noInserts = {"recordcount", "200", "requestdistribution", "latest", "readproportion", "0.4",
            "updateproportion", "0.3", "scanproportion", "0.1", "readmodifywriteproportion", "0.1", "deleteproportion",
            "0.1"};
        assertTrue(TestWorkloads.core(noInserts).newClient(0, 1, 77).makesAheadAlike());
        assertEquals(madeAndRun(TestWorkloads.core(noInserts), 3_000, false),
                madeAndRun(TestWorkloads.core(noInserts), 3_000, true));
    }

    @Test
    void makesAheadAlike_notWithRunInserts_whoseKeysTheNextChoicesDependOn() {
        String[] inserts = {"recordcount", "200", "requestdistribution", "latest", "readproportion", "0.5",
            "insertproportion", "0.5"};
        assertFalse(TestWorkloads.core(inserts).newClient(0, 1, 77).makesAheadAlike());
        // why: "latest" reads near the newest acknowledged insert, which moves only once an insert has run
        assertNotEquals(madeAndRun(TestWorkloads.core(inserts), 3_000, false),
                madeAndRun(TestWorkloads.core(inserts), 3_000, true));
    }
}
