package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.testing.FakeClock;
import org.openmark.testing.TestConfigs;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;
import org.openmark.workload.Workloads;

/** What a run plans to hold against half the heap: the limit is exact, and the message names the property and the heap. */
class HeapBudgetTest {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long GIB = 1024 * MIB;

    /** A workload of {@code records} records of {@code recordBytes}, whose operations hold {@code operationBytes}. */
    private static Workload sized(long records, long recordBytes, long operationBytes) {
        return new Workload() {
            @Override
            public String table() {
                return "usertable";
            }

            @Override
            public long loadOperationCount() {
                return records;
            }

            @Override
            public long recordBytes() {
                return recordBytes;
            }

            @Override
            public long operationBytes() {
                return operationBytes;
            }

            @Override
            public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
                throw new UnsupportedOperationException();
            }
        };
    }

    private static RunConfig closed(int threads) {
        return TestConfigs.run("model", "closed", "threadcount", String.valueOf(threads), "operationcount", "10");
    }

    @Test
    void check_clientThreads_asManyAsHalfTheHeapHoldsAndNotOneMore() {
        // 1 GiB: half of it is 512 MiB, 2,048 clients of 256 KiB of recorders
        Workload w = sized(1000, 0, 0);
        assertDoesNotThrow(() -> HeapBudget.check(closed(2048), w, false, 0, GIB));
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(closed(2049), w, false, 0,
                GIB));
        assertTrue(e.getMessage().startsWith("threadcount=2049: 2,049 client threads need about 512 MiB of the load"
                + " generator's heap"), e.getMessage());
        assertTrue(e.getMessage().contains("half of its heap of 1.0 GiB, the JVM's -Xmx"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at most 2,048 fit: lower -threads"), e.getMessage());
    }

    @Test
    void check_aMillionThreads_refused() {
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(closed(1_000_000),
                sized(1000, 2 * KIB, 6 * KIB), false, 0, 6 * GIB));
        assertTrue(e.getMessage().startsWith("threadcount=1000000: 1,000,000 client threads need about 250 GiB"),
                e.getMessage());
    }

    @Test
    void check_recordsTheStoreKeepsInTheHeap_countedOnlyForSuchAStore() {
        RunConfig cfg = TestConfigs.run("model", "closed", "operationcount", "10", "recordcount", "1000", "fieldcount",
                "1000000");
        Workload huge = sized(1000, 160 * MIB, 0);
        assertDoesNotThrow(() -> HeapBudget.check(cfg, huge, false, 0, 6 * GIB));
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(cfg, huge, true, 0, 6 * GIB));
        assertTrue(e.getMessage().startsWith("recordcount=1000: store '" + cfg.store() + "' keeps its records in this"
                + " process, and 1,000 records of about 160 MiB each (fieldcount 1000000 × fieldlength 100) need about"
                + " 156 GiB"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at most 19 fit: lower recordcount, or use a store outside this process"),
                e.getMessage());
    }

    @Test
    void check_openModelInFlightBound_refusedWhenItsRecordsDoNotFit() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10", "maxinflight", "10000",
                "fieldlength", "100000");
        // 4 KiB of bookkeeping and three copies of a 1 MiB record per operation: 10,000 need 30 GiB
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(cfg, sized(10, MIB, 0), false,
                0, 2 * GIB));
        assertTrue(e.getMessage().startsWith("maxinflight=10000: 10,000 operations in flight (--max-in-flight) with"
                + " records of about 1.0 MiB"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at most 340 fit: lower --max-in-flight"), e.getMessage());
    }

    /** The closed economy's accounts are three short fields, whatever the core workload's defaults say. */
    @Test
    void check_closedEconomyInTheHeap_estimatesItsThreeFieldsAndSaysSo() {
        RunConfig cfg = TestConfigs.run("workload", "closed_economy", "model", "closed", "operationcount", "10",
                "recordcount", "10000000");
        Workload economy = Workloads.create(cfg.settings(), new FakeClock());

        // 3 fields of up to 44 bytes (a memo), 64 bytes of overhead each: 324 B an account
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(cfg, economy, true, 0, GIB));
        assertTrue(e.getMessage().startsWith("recordcount=10000000: store '" + cfg.store() + "' keeps its records in"
                + " this process, and 10,000,000 records of about 324 B each (3 fields (field0 balance, field1"
                + " transfers, field2 memo) of up to 44 bytes) need about 3.0 GiB"), e.getMessage());
        assertTrue(e.getMessage().endsWith("at most 1,657,008 fit: lower recordcount, or use a store outside this"
                + " process"), e.getMessage());
    }

    @Test
    void check_closedEconomyClientThreads_messageDescribesItsRecordsNotTheCoreWorkloads() {
        RunConfig cfg = TestConfigs.run("workload", "closed_economy", "model", "closed", "threadcount", "2049",
                "operationcount", "10");
        Workload economy = Workloads.create(cfg.settings(), new FakeClock());

        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(cfg, economy, false, 0, GIB));
        // a transfer holds two accounts, each in three copies: 1,944 B
        assertTrue(e.getMessage().contains("an operation of up to 1.9 KiB in flight: 3 fields (field0 balance, field1"
                + " transfers, field2 memo) of up to 44 bytes)"), e.getMessage());
    }

    @Test
    void check_automaticLoadThreads_countedForAnOpenModelRun() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10");
        ConfigException e = assertThrows(ConfigException.class, () -> HeapBudget.check(cfg, sized(10, 0, 0), false,
                4096, GIB));
        assertTrue(e.getMessage().startsWith("an automatic load with 4096 threads (one per core): 4,096 client threads"),
                e.getMessage());
    }
}
