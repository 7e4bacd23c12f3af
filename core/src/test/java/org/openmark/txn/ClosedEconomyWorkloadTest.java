package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.txn.EconomyFixture.balance;
import static org.openmark.txn.EconomyFixture.economy;
import static org.openmark.txn.EconomyFixture.load;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.run.OpResult;
import org.openmark.run.RunResult;
import org.openmark.timing.VirtualClock;
import org.openmark.workload.ValidationReport;

class ClosedEconomyWorkloadTest {

    @Test
    void load_cashDoesNotDivideEvenly_remainderGoesToTheFirstAccounts() {
        ClosedEconomyWorkload w = economy("recordcount", "3", "totalcash", "11");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);
        load(w, store);
        assertEquals(4, balance(store, 0));
        assertEquals(4, balance(store, 1));
        assertEquals(3, balance(store, 2));
        assertNull(store.get("user3"));
        ValidationReport r = w.validate(store).orElseThrow();
        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(11L, r.values().get("countedCash"));
    }

    @Test
    void create_badProperty_errorNamesIt() {
        assertEquals("readproportion=2: must be between 0.0 and 1.0",
                assertThrows(ConfigException.class, () -> economy("readproportion", "2")).getMessage());
        assertEquals("recordcount=1: must be >= 2",
                assertThrows(ConfigException.class, () -> economy("recordcount", "1")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> economy("requestdistribution", "zipf")).getMessage()
                .startsWith("requestdistribution=zipf: must be one of zipfian, uniform"));
        assertTrue(assertThrows(ConfigException.class, () -> economy("readproportion", "0",
                "readmodifywriteproportion", "0")).getMessage().contains("at least one must be > 0"));
    }

    @Test
    void load_fieldNamesSet_accountsUseThem() {
        ClosedEconomyWorkload w = economy("recordcount", "2", "totalcash", "10", "balancefield", "balance",
                "transfersfield", "transfers", "memofield", "memo");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);
        load(w, store);
        assertEquals(Set.of("balance", "transfers", "memo"), store.get("user1").keySet());
        assertEquals("5", new String(store.get("user1").get("balance"), java.nio.charset.StandardCharsets.US_ASCII));
        assertTrue(w.validate(store).orElseThrow().passed());
    }

    @Test
    void create_twoFieldsWithOneName_errorNamesTheProperties() {
        assertEquals("balancefield=x, transfersfield=x, memofield=field2: must be three different, non-empty field"
                + " names", assertThrows(ConfigException.class,
                        () -> economy("balancefield", "x", "transfersfield", "x")).getMessage());
    }

    @Test
    void create_fieldPrefixAndCount_followYcsbsColumns() {
        assertEquals(new Accounts("col0", "col1", "col2"), economy("fieldnameprefix", "col").config().accounts());
        assertEquals("fieldcount=2: the closed economy needs 3 fields (field0 balance, field1 transfers, field2 memo):"
                + " must be >= 3", assertThrows(ConfigException.class, () -> economy("fieldcount", "2")).getMessage());
    }

    @Test
    void create_defaults_areTheYcsbTMix() {
        EconomyConfig c = economy().config();
        assertEquals(new EconomyConfig.Mix(0.9, 0, 0, 0, 0, 0.1), c.mix());
        assertEquals(1000, c.recordCount());
        assertEquals(1_000_000, c.totalCash());
        assertTrue(c.zipfian());
        assertEquals(new Accounts("field0", "field1", "field2"), c.accounts());
    }

    @Test
    void serialRun_oneClientIsolatedStoreEveryOperationKind_validationSucceeds() throws Exception {
        ClosedEconomyWorkload economy = economy("recordcount", "40", "totalcash", "1003", "readproportion", "0.3",
                "scanproportion", "0.05", "updateproportion", "0.1", "insertproportion", "0.05", "deleteproportion",
                "0.05", "readmodifywriteproportion", "0.45", "maxscanlength", "5", "operationcount", "3000");
        TxnWorkload w = Transactions.wrap(economy, new TxnConfig(true, false, RetryPolicy.NONE), new FakeClock());
        VirtualClock clock = new VirtualClock();
        // Calls take 1 us so virtual time moves (a phase that takes no time at all is all warm-up).
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED).withLatency(clock,
                Map.of("READ", 1000L, "UPDATE", 1000L, "INSERT", 1000L, "DELETE", 1000L, "SCAN", 1000L));

        RunResult result = EconomyFixture.loadAndRun(w, store, clock, 1, 3000);
        ValidationReport r = w.validate(store).orElseThrow();

        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(1003L, r.values().get("totalCash"));
        assertEquals(1003L, r.values().get("countedCash"));
        assertEquals(0.0, r.values().get("anomalyScore"));
        assertEquals(0L, r.values().get("lostUpdates"));
        assertEquals(0L, r.values().get("phantomApplied"));
        assertEquals(0L, r.values().get("driftedAccounts"));
        // Every committed unit is an acknowledged operation, and nothing else is.
        assertEquals(w.counters().committed(), r.values().get("actualOperations"));
        assertEquals(3000, w.counters().units());
        assertEquals(3000, w.counters().committed(), "one client, isolated store, closed accounts avoided");
        long okUnits = result.operations().stream().filter(o -> o.name().startsWith("TX-"))
                .mapToLong(o -> o.statuses().getOrDefault(Status.OK, 0L)).sum();
        assertEquals(3000, okUnits, "the driver saw the same outcomes");
        Set<String> names = result.operations().stream().map(OpResult::name).collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("TX-READ", "TX-SCAN", "TX-UPDATE", "TX-INSERT", "TX-READ-DELETE",
                "TX-READ-MODIFY-WRITE", "START", "COMMIT", "READ", "UPDATE", "DELETE", "INSERT", "SCAN")), names::toString);
        assertEquals("Database validation succeeded", r.textLines().get(r.textLines().size() - 1));
    }

    @Test
    void serialRun_withoutTransactionsOnStoreWithoutThem_validationSucceeds() throws Exception {
        ClosedEconomyWorkload economy = economy("recordcount", "30", "totalcash", "3000",
                "readmodifywriteproportion", "0.6", "readproportion", "0.4", "requestdistribution", "uniform");
        TxnWorkload w = Transactions.wrap(economy, TxnConfig.DISABLED, new FakeClock());
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE);

        VirtualClock clock = new VirtualClock();
        store.withLatency(clock, Map.of("READ", 1000L, "UPDATE", 1000L));

        RunResult result = EconomyFixture.loadAndRun(w, store, clock, 1, 1000);
        ValidationReport r = w.validate(store).orElseThrow();

        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(1000L, r.values().get("actualOperations"));
        assertTrue(result.operations().stream().noneMatch(o -> o.name().startsWith("TX-") || o.name().equals("START")));
        assertEquals(0, w.counters().units());
    }

    @Test
    void concurrentRun_fourClientsSerializedStore_noAnomaly() throws Exception {
        ClosedEconomyWorkload economy = economy("recordcount", "8", "totalcash", "800", "readproportion", "0.2",
                "readmodifywriteproportion", "0.8");
        TxnWorkload w = Transactions.wrap(economy, new TxnConfig(true, false, RetryPolicy.NONE), new FakeClock());
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);

        // No latency: threads waiting for the store's lock would stop virtual time from moving.
        EconomyFixture.loadAndRun(w, store, new VirtualClock(), 4, 4000);
        ValidationReport r = w.validate(store).orElseThrow();

        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(4000L, r.values().get("actualOperations"));
        long counted = 0;
        for (long k = 0; k < 8; k++) {
            counted += Accounts.DEFAULT.transfers(store.get(Accounts.key(k)));
        }
        assertEquals(2 * committedUnitsWithUpdates(store.log()), counted,
                "each committed transfer counted in both its accounts");
    }

    /** Units (START … COMMIT of one session) that wrote something and committed. */
    private static long committedUnitsWithUpdates(java.util.List<String> log) {
        Map<String, Boolean> wrote = new java.util.HashMap<>();
        long units = 0;
        for (String line : log) {
            String session = line.substring(0, line.indexOf(':'));
            String call = line.substring(line.indexOf(':') + 1);
            if (call.equals("START")) {
                wrote.put(session, false);
            } else if (call.startsWith("UPDATE")) {
                wrote.put(session, true);
            } else if (call.equals("COMMIT") && wrote.getOrDefault(session, false)) {
                units++;
            }
        }
        return units;
    }

    @Test
    void closeThenOpenAccounts_moneyGoesThroughThePoolAndTheTotalStaysClosed() {
        ClosedEconomyWorkload w = economy("recordcount", "4", "totalcash", "400");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);
        load(w, store);
        EconomyClient c = (EconomyClient) w.newClient(0, 1, 3);

        try (Session s = store.newSession()) {
            assertEquals(Status.OK, c.transfer(1, 2).execute(s));
            assertEquals(Status.OK, c.closeAccount(1).execute(s));
            assertEquals(99, w.poolCash());
            assertEquals(Status.OK, c.openAccount().execute(s));
            assertEquals(Status.OK, c.openAccount().execute(s));
            assertEquals(Status.NOT_FOUND, c.closeAccount(1).execute(s), "already closed");
        }

        assertNull(store.get("user1"));
        assertEquals(99, balance(store, 4), "the first new account gets the average balance, all the pool had");
        assertEquals(0, balance(store, 5), "the pool was empty: no money is created");
        assertEquals(0, w.poolCash());
        ValidationReport r = w.validate(store).orElseThrow();
        assertTrue(r.passed(), r.textLines()::toString);
        assertEquals(400L, r.values().get("countedCash"));
        assertEquals(6L, r.values().get("accountsChecked"));
        assertEquals(4L, r.values().get("actualOperations"));
    }

    @Test
    void openAccount_insertFails_drawGoesBackToThePool() {
        ClosedEconomyWorkload w = economy("recordcount", "4", "totalcash", "400");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.SERIALIZED);
        load(w, store);
        EconomyClient c = (EconomyClient) w.newClient(0, 1, 3);
        try (Session s = store.newSession()) {
            c.closeAccount(0).execute(s);
            store.failCalls("INSERT", Status.ERROR);
            assertEquals(Status.ERROR, c.openAccount().execute(s));
        }
        assertEquals(100, w.poolCash());
        ValidationReport r = w.validate(store).orElseThrow();
        assertTrue(r.passed(), r.textLines()::toString);
    }

    @Test
    void validate_accountChangedBehindTheWorkloadsBack_reportsDriftAndFails() {
        ClosedEconomyWorkload w = economy("recordcount", "4", "totalcash", "400");
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE);
        load(w, store);
        try (Session s = store.newSession()) {
            s.update("usertable", "user2", Map.of("field0", Accounts.encode(-7)));
        }
        ValidationReport r = w.validate(store).orElseThrow();
        assertEquals(false, r.passed());
        assertEquals(1L, r.values().get("negativeBalances"));
        assertEquals(1L, r.values().get("driftedAccounts"));
        assertEquals(107L, r.values().get("totalAbsDrift"));
        assertEquals(293L, r.values().get("countedCash"));
    }
}
