package org.openmark.workload;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

class CoreWorkloadLoadTest {

    private static List<String> drain(WorkloadClient c) {
        List<String> keys = new ArrayList<>();
        for (Operation op = c.nextLoadOperation(); op != null; op = c.nextLoadOperation()) {
            assertEquals("INSERT", op.name());
            keys.add(Operations.key(op));
        }
        return keys;
    }

    @Test
    void nextLoadOperation_threeClients_splitInsertCountAndCoverEveryKeyOnce() {
        CoreWorkload w = TestWorkloads.core("recordcount", "200", "insertstart", "100", "insertcount", "10",
                "insertorder", "ordered");
        assertEquals(10, w.loadOperationCount());
        List<String> a = drain(w.newClient(0, 3, 1));
        List<String> b = drain(w.newClient(1, 3, 1));
        List<String> c = drain(w.newClient(2, 3, 1));
        assertEquals(List.of(4, 3, 3), List.of(a.size(), b.size(), c.size()));
        Set<String> all = new TreeSet<>();
        all.addAll(a);
        all.addAll(b);
        all.addAll(c);
        Set<String> expected = new TreeSet<>();
        for (int i = 100; i < 110; i++) {
            expected.add("user" + i);
        }
        assertEquals(expected, all);
    }

    @Test
    void nextLoadOperation_hashedOrder_insertsHashedKeysInSequence() {
        CoreWorkload w = TestWorkloads.core("recordcount", "3");
        List<String> keys = drain(w.newClient(0, 1, 1));
        KeyNames names = new KeyNames(true, 1);
        assertEquals(List.of(names.name(0), names.name(1), names.name(2)), keys);
        assertEquals("user6284781860667377211", keys.get(0));
    }

    @Test
    void nextLoadOperation_shareDone_returnsNullAgain() {
        WorkloadClient c = TestWorkloads.core("recordcount", "1").newClient(0, 1, 1);
        c.nextLoadOperation();
        assertNull(c.nextLoadOperation());
        assertNull(c.nextLoadOperation());
    }

    @Test
    void loadInsert_failingTwice_retriesWithJitteredWaitsOnTheClock() {
        FakeClock clock = new FakeClock();
        CoreWorkload w = TestWorkloads.core(clock, OptionalLong.empty(), "recordcount", "1",
                "core_workload_insertion_retry_limit", "3", "core_workload_insertion_retry_interval", "2");
        Operation op = w.newClient(0, 1, 1).nextLoadOperation();
        MapSession session = new MapSession();
        session.insertFailures.addAll(List.of(Status.ERROR, Status.SERVICE_UNAVAILABLE));
        assertEquals(Status.OK, op.execute(session));
        assertEquals(3, session.calls.size());
        assertEquals(2, clock.waitsNanos().size());
        for (long waited : clock.waitsNanos()) {
            assertTrue(waited >= 1_600_000_000L && waited < 2_400_000_000L, "waited " + waited + " ns");
        }
        assertTrue(!clock.waitsNanos().get(0).equals(clock.waitsNanos().get(1)), "waits are jittered");
    }

    @Test
    void loadInsert_retriesExhausted_returnsTheLastFailure() {
        FakeClock clock = new FakeClock();
        CoreWorkload w = TestWorkloads.core(clock, OptionalLong.empty(), "recordcount", "1",
                "core_workload_insertion_retry_limit", "1");
        Operation op = w.newClient(0, 1, 1).nextLoadOperation();
        MapSession session = new MapSession();
        session.insertFailures.addAll(List.of(Status.ERROR, Status.TIMEOUT, Status.ERROR));
        assertEquals(Status.TIMEOUT, op.execute(session));
        assertEquals(2, session.calls.size());
        assertEquals(1, clock.waitsNanos().size());
    }

    @Test
    void loadInsert_noRetryLimit_triesOnce() {
        FakeClock clock = new FakeClock();
        CoreWorkload w = TestWorkloads.core(clock, OptionalLong.empty(), "recordcount", "1");
        MapSession session = new MapSession();
        session.insertFailures.add(Status.ERROR);
        assertEquals(Status.ERROR, w.newClient(0, 1, 1).nextLoadOperation().execute(session));
        assertEquals(1, session.calls.size());
        assertEquals(List.of(), clock.waitsNanos());
    }
}
