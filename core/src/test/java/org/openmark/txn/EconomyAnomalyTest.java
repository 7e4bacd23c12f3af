package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.txn.EconomyFixture.balance;
import static org.openmark.txn.EconomyFixture.economy;
import static org.openmark.txn.EconomyFixture.load;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;
import org.openmark.workload.ValidationReport;

/**
 * Hand-built schedules on a store whose transactions are not isolated: two transfers whose
 * reads and writes interleave lose updates, and the validation must count them exactly.
 */
class EconomyAnomalyTest {

    private static Operation tx(Operation op) {
        return new TransactionalOperation(op, RetryPolicy.NONE, new FakeClock(), new TxnCounters());
    }

    /**
     * Runs {@code first} on session 2 and {@code second} on session 3 (session 1 loaded the
     * accounts), their data calls taking turns in {@code order}; returns both outcomes.
     */
    private static List<Status> interleaved(TxnTestStore store, Operation first, Operation second, int... order)
            throws Exception {
        Session s2 = store.newSession();
        Session s3 = store.newSession();
        store.interleave(order);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Status> a = pool.submit(() -> first.execute(s2));
            Future<Status> b = pool.submit(() -> second.execute(s3));
            return List.of(a.get(), b.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void validate_lostDebitAndLostCreditCancelInTheSum_legacyScoreIsZeroButTwoLostUpdatesFailIt() throws Exception {
        ClosedEconomyWorkload w = economy("recordcount", "2", "totalcash", "200");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE);
        load(w, store);
        EconomyClient c1 = (EconomyClient) w.newClient(0, 2, 1);
        EconomyClient c2 = (EconomyClient) w.newClient(1, 2, 1);

        // T1 = user0 → user1 and T2 = user1 → user0 both read both balances (100, 100) before
        // either writes; T2's writes then overwrite T1's: user1 loses T1's credit, user0 T1's debit.
        List<Status> outcomes = interleaved(store, tx(c1.transfer(0, 1)), tx(c2.transfer(1, 0)),
                2, 2, 3, 3, 2, 2, 3, 3);

        assertEquals(List.of(Status.OK, Status.OK), outcomes, "the store acknowledged both");
        assertEquals(101, balance(store, 0));
        assertEquals(99, balance(store, 1));
        ValidationReport r = w.validate(store).orElseThrow();
        assertEquals(List.of("[TOTAL CASH], 200", "[COUNTED CASH], 200", "[ACTUAL OPERATIONS], 2",
                "[ANOMALY SCORE], 0.0"), r.textLines().subList(0, 4), "YCSB+T's sum sees nothing");
        assertEquals(2L, r.values().get("lostUpdates"));
        assertEquals(2L, r.values().get("driftedAccounts"));
        assertEquals(2L, r.values().get("totalAbsDrift"));
        assertEquals(0L, r.values().get("phantomApplied"));
        assertFalse(r.passed());
        assertTrue(r.textLines().contains("[VALIDATION], LostUpdates, 2"), r.textLines()::toString);
        assertEquals("Database validation failed", r.textLines().get(r.textLines().size() - 1));
        assertTrue(r.failure().startsWith("the closed economy's validation failed: 2 lost updates ("), r.failure());
    }

    @Test
    void validate_twoTransfersFromOneAccountInterleave_lostDebitShowsInSumAndCount() throws Exception {
        ClosedEconomyWorkload w = economy("recordcount", "3", "totalcash", "300");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE);
        load(w, store);
        EconomyClient c1 = (EconomyClient) w.newClient(0, 2, 1);
        EconomyClient c2 = (EconomyClient) w.newClient(1, 2, 1);

        interleaved(store, tx(c1.transfer(0, 1)), tx(c2.transfer(0, 2)), 2, 2, 3, 3, 2, 2, 3, 3);

        ValidationReport r = w.validate(store).orElseThrow();
        assertEquals(301L, r.values().get("countedCash"), "user0 was debited once instead of twice");
        assertEquals(0.5, r.values().get("anomalyScore"));
        assertEquals(1L, r.values().get("lostUpdates"));
        assertEquals(1L, r.values().get("driftedAccounts"));
        assertFalse(r.passed());
        assertTrue(r.failure().contains("counted cash 301 where the total is 300 (anomaly score 0.5), 1 lost update ("),
                r.failure());
    }

    @Test
    void validate_sameTransfersOneAfterTheOther_noAnomaly() throws Exception {
        ClosedEconomyWorkload w = economy("recordcount", "2", "totalcash", "200");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE);
        load(w, store);
        EconomyClient c1 = (EconomyClient) w.newClient(0, 2, 1);
        EconomyClient c2 = (EconomyClient) w.newClient(1, 2, 1);

        interleaved(store, tx(c1.transfer(0, 1)), tx(c2.transfer(1, 0)), 2, 2, 2, 2, 3, 3, 3, 3);

        ValidationReport r = w.validate(store).orElseThrow();
        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(null, r.failure());
        assertEquals(0L, r.values().get("lostUpdates"));
        assertEquals(2L, Accounts.DEFAULT.transfers(store.get("user0")));
    }

    @Test
    void validate_storeWithoutTransactionsAppliesAnAbortedTransfer_phantomCountedAndFails() {
        ClosedEconomyWorkload w = economy("recordcount", "2", "totalcash", "200");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE).failCommits(Status.ABORTED);
        load(w, store);
        EconomyClient c = (EconomyClient) w.newClient(0, 1, 1);

        try (Session s = store.newSession()) {
            assertEquals(Status.ABORTED, tx(c.transfer(0, 1)).execute(s));
        }

        ValidationReport r = w.validate(store).orElseThrow();
        assertEquals(2L, r.values().get("phantomApplied"), "both accounts show a transfer never acknowledged");
        assertTrue(r.failure().contains(": 2 transfers applied but never acknowledged ("), r.failure());
        assertEquals(200L, r.values().get("countedCash"));
        assertEquals(0L, r.values().get("actualOperations"));
        assertFalse(r.passed());
    }

    @Test
    void validate_isolatedStoreRollsBackTheAbortedTransfer_passes() {
        ClosedEconomyWorkload w = economy("recordcount", "2", "totalcash", "200");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED).failCommits(Status.ABORTED);
        load(w, store);
        EconomyClient c = (EconomyClient) w.newClient(0, 1, 1);

        try (Session s = store.newSession()) {
            assertEquals(Status.ABORTED, tx(c.transfer(0, 1)).execute(s));
            assertEquals(Status.OK, tx(c.transfer(0, 1)).execute(s));
        }

        ValidationReport r = w.validate(store).orElseThrow();
        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(99, balance(store, 0));
        assertEquals(1L, r.values().get("actualOperations"));
    }
}
