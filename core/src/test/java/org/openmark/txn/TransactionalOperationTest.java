package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;

class TransactionalOperationTest {
    private static final long MS = 1_000_000L;

    /** Reads "k", then writes "k" with its value + 1; counts its executions. */
    private static final class Increment implements Operation {
        int executions;

        @Override
        public String name() {
            return "READ-MODIFY-WRITE";
        }

        @Override
        public boolean composite() {
            return true;
        }

        @Override
        public Status execute(Session session) {
            executions++;
            Map<String, byte[]> r = new HashMap<>();
            Status s = session.read("t", "k", null, r);
            if (!s.isOk()) {
                return s;
            }
            long v = Long.parseLong(new String(r.get("v"), StandardCharsets.US_ASCII));
            return session.update("t", "k", Map.of("v", Long.toString(v + 1).getBytes(StandardCharsets.US_ASCII)));
        }
    }

    private static TxnTestStore storeWithCounter(TxnTestStore.Isolation isolation) {
        TxnTestStore store = new TxnTestStore(isolation);
        try (Session s = store.newSession()) {
            s.insert("t", "k", Map.of("v", "0".getBytes(StandardCharsets.US_ASCII)));
        }
        return store;
    }

    private static long counter(TxnTestStore store) {
        return Long.parseLong(new String(store.get("k").get("v"), StandardCharsets.US_ASCII));
    }

    @Test
    void name_innerOperation_isPrefixedAndComposite() {
        var tx = new TransactionalOperation(new Increment(), RetryPolicy.NONE, new FakeClock(), new TxnCounters());
        assertEquals("TX-READ-MODIFY-WRITE", tx.name());
        assertTrue(tx.composite());
    }

    @Test
    void execute_allCallsOk_startsRunsTheCallsAndCommits() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED);
        TxnCounters counters = new TxnCounters();
        var tx = new TransactionalOperation(new Increment(), RetryPolicy.NONE, new FakeClock(), counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.OK, outcome);
        assertEquals(List.of("s1:INSERT k", "s2:START", "s2:READ k", "s2:UPDATE k", "s2:COMMIT"), store.log());
        assertEquals(1, counter(store));
        assertEquals(List.of(1L, 1L, 0L, 0L), List.of(counters.units(), counters.committed(), counters.aborted(),
                counters.retries()));
    }

    @Test
    void execute_innerCallFails_abortsAndReturnsTheCallsStatusWithoutRetry() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED).failCalls("UPDATE", Status.ERROR);
        TxnCounters counters = new TxnCounters();
        var tx = new TransactionalOperation(new Increment(), new RetryPolicy(3, 0, 0), new FakeClock(), counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.ERROR, outcome);
        assertEquals(List.of("s1:INSERT k", "s2:START", "s2:READ k", "s2:UPDATE k", "s2:ABORT"), store.log());
        assertEquals(0, counter(store));
        assertEquals(List.of(1L, 0L, 1L, 0L), List.of(counters.units(), counters.committed(), counters.aborted(),
                counters.retries()));
    }

    @Test
    void execute_commitFailsWithError_isAbortedOutcomeAndNotRetried() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED).failCommits(Status.ERROR);
        TxnCounters counters = new TxnCounters();
        Increment inner = new Increment();
        var tx = new TransactionalOperation(inner, new RetryPolicy(2, 5, 100), new FakeClock(), counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.ABORTED, outcome, "a failed commit is never OK");
        assertEquals(1, inner.executions, "an unknown commit outcome is not retried");
        assertEquals(0, counter(store));
        assertEquals(List.of(1L, 0L, 1L, 0L), List.of(counters.units(), counters.committed(), counters.aborted(),
                counters.retries()));
    }

    @Test
    void execute_storeAbortsTwiceThenCommits_retriesAfterDoublingBackoffsThroughTheClock() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED)
                .failCommits(Status.ABORTED, Status.ABORTED);
        TxnCounters counters = new TxnCounters();
        FakeClock clock = new FakeClock();
        Increment inner = new Increment();
        var tx = new TransactionalOperation(inner, new RetryPolicy(3, 10, 1000), clock, counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.OK, outcome);
        assertEquals(3, inner.executions);
        assertEquals(List.of(10 * MS, 20 * MS), clock.waitsNanos());
        assertEquals(1, counter(store), "only the committed attempt is applied");
        assertEquals(List.of(1L, 1L, 0L, 2L), List.of(counters.units(), counters.committed(), counters.aborted(),
                counters.retries()));
    }

    @Test
    void execute_storeAbortsMoreOftenThanRetries_endsAbortedAndCountsOneFinalAbort() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED)
                .failCommits(Status.ABORTED, Status.ABORTED, Status.ABORTED);
        TxnCounters counters = new TxnCounters();
        FakeClock clock = new FakeClock();
        var tx = new TransactionalOperation(new Increment(), new RetryPolicy(2, 10, 15), clock, counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.ABORTED, outcome);
        assertEquals(List.of(10 * MS, 15 * MS), clock.waitsNanos(), "the second back-off is capped");
        assertEquals(0, counter(store));
        assertEquals(List.of(1L, 0L, 1L, 2L), List.of(counters.units(), counters.committed(), counters.aborted(),
                counters.retries()));
    }

    @Test
    void execute_innerCallAbortedByStore_isRetried() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED).failCalls("UPDATE", Status.ABORTED);
        TxnCounters counters = new TxnCounters();
        var tx = new TransactionalOperation(new Increment(), new RetryPolicy(1, 0, 0), new FakeClock(), counters);

        Status outcome;
        try (Session s = store.newSession()) {
            outcome = tx.execute(s);
        }

        assertEquals(Status.OK, outcome);
        assertEquals(List.of("s1:INSERT k", "s2:START", "s2:READ k", "s2:UPDATE k", "s2:ABORT", "s2:START",
                "s2:READ k", "s2:UPDATE k", "s2:COMMIT"), store.log());
        assertEquals(1, counter(store));
        assertEquals(1, counters.retries());
    }

    @Test
    void execute_innerThrows_abortsThenRethrows() {
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);
        TxnCounters counters = new TxnCounters();
        Operation broken = new Operation() {
            @Override
            public String name() {
                return "READ";
            }

            @Override
            public Status execute(Session session) {
                throw new IllegalStateException("binding bug");
            }
        };
        var tx = new TransactionalOperation(broken, RetryPolicy.NONE, new FakeClock(), counters);

        try (Session s = store.newSession()) {
            assertThrows(IllegalStateException.class, () -> tx.execute(s));
            // The session left no transaction open: a second unit can start (the lock was released).
            assertEquals(Status.OK, s.start());
            assertEquals(Status.OK, s.commit());
        }
        assertEquals(List.of("s1:START", "s1:ABORT", "s1:START", "s1:COMMIT"), store.log());
        assertEquals(1, counters.aborted());
    }

    @Test
    void execute_outcomeAwareInner_isToldEachAttemptsOutcome() {
        TxnTestStore store = storeWithCounter(TxnTestStore.Isolation.SERIALIZED).failCommits(Status.ABORTED);
        List<Status> told = new ArrayList<>();
        OutcomeAwareOperation aware = new OutcomeAwareOperation() {
            @Override
            public String name() {
                return "READ";
            }

            @Override
            public Status attempt(Session session) {
                return session.read("t", "k", null, new HashMap<>());
            }

            @Override
            public void onOutcome(Status outcome) {
                told.add(outcome);
            }
        };
        var tx = new TransactionalOperation(aware, new RetryPolicy(1, 0, 0), new FakeClock(), new TxnCounters());

        try (Session s = store.newSession()) {
            assertEquals(Status.OK, tx.execute(s));
        }
        assertEquals(List.of(Status.ABORTED, Status.OK), told);
    }

    @Test
    void execute_startFails_endsWithItsStatusWithoutAbort() {
        TxnTestStore plain = new TxnTestStore(TxnTestStore.Isolation.NONE);
        Session failingStart = new Session() {
            private final Session inner = plain.newSession();

            @Override
            public Status read(String table, String key, java.util.Set<String> fields, Map<String, byte[]> result) {
                return inner.read(table, key, fields, result);
            }

            @Override
            public Status scan(String table, String startKey, int recordCount, java.util.Set<String> fields,
                    List<org.openmark.api.Record> result) {
                return inner.scan(table, startKey, recordCount, fields, result);
            }

            @Override
            public Status update(String table, String key, Map<String, byte[]> values) {
                return inner.update(table, key, values);
            }

            @Override
            public Status insert(String table, String key, Map<String, byte[]> values) {
                return inner.insert(table, key, values);
            }

            @Override
            public Status delete(String table, String key) {
                return inner.delete(table, key);
            }

            @Override
            public Status start() {
                return Status.SERVICE_UNAVAILABLE;
            }
        };
        Increment inner = new Increment();
        TxnCounters counters = new TxnCounters();
        var tx = new TransactionalOperation(inner, new RetryPolicy(3, 0, 0), new FakeClock(), counters);

        assertEquals(Status.SERVICE_UNAVAILABLE, tx.execute(failingStart));
        assertEquals(0, inner.executions);
        assertEquals(List.of(), plain.log());
        assertEquals(1, counters.aborted());
    }

    @Test
    void backoffNanos_doublesUpToTheCap() {
        RetryPolicy p = new RetryPolicy(10, 10, 35);
        long[] waits = new long[6];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = p.backoffNanos(i);
        }
        assertArrayEquals(new long[] {0, 10 * MS, 20 * MS, 35 * MS, 35 * MS, 35 * MS}, waits);
        assertEquals(0, new RetryPolicy(3, 0, 0).backoffNanos(2));
    }

    @Test
    void retries_onlyStoreAbortsWithinTheLimit() {
        RetryPolicy p = new RetryPolicy(2, 0, 0);
        assertTrue(p.retries(Status.ABORTED, 1));
        assertFalse(p.retries(Status.ABORTED, 2));
        assertFalse(p.retries(Status.TIMEOUT, 0));
        assertFalse(p.retries(Status.NOT_FOUND, 0));
    }
}
