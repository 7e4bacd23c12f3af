package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.config.Settings;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.ReportSection;
import org.openmark.workload.Workloads;

/**
 * Reads that find nothing where the workload's records must be, against a store that loses the
 * records whose number a predicate picks (it acknowledges their inserts, then answers NOT_FOUND).
 * Virtual time, one client, every call 1 ms, the loaded records read once each in order
 * (requestdistribution=sequential): how many reads find nothing, and when, is known exactly.
 */
class MissingRecordsVerdictTest {
    private static final long MS = 1_000_000L;
    private static final int RECORDS = 600;
    private final Timing timing = Timing.virtual();

    @Test
    void run_storeLosesASixthOfTheLoadedRecords_invalidNamingTheKeysAndWhen() throws Exception {
        LosingStore store = new LosingStore(timing.clock(), n -> n % 6 == 0);
        load(store);

        RunResult run = runC(store, Map.of());

        assertFalse(run.valid(), run.warnings()::toString);
        assertEquals(Map.of(Status.OK, 500L, Status.NOT_FOUND, 100L), run.accounting().statuses());
        String warning = run.warnings().stream().filter(w -> w.contains("reads of loaded records")).findFirst()
                .orElseThrow(() -> new AssertionError(run.warnings().toString()));
        // read i (record i) ends (i + 1) ms after the measured start: the first lost is record 0, the last 594
        assertTrue(warning.startsWith("100 of 600 reads of loaded records (16.7%) found nothing (NOT_FOUND), from"
                + " 0.0 s to 0.6 s after the run's start (user0, user6, user12, user18, user24, user30, user36,"
                + " user42, user48, user54, …): the store lost or did not serve records it held when the run began;"
                + " with its other failures 16.7% of operations failed, more than the error budget of 1%"
                + " (--max-error-rate): the run is not valid"), warning);
        Map<String, Object> figures = section(run).values();
        assertEquals(600L, figures.get("readsOfLoadedRecords"));
        assertEquals(100L, figures.get("foundNothing"));
        assertEquals(0.001, (Double) figures.get("firstAtSeconds"), 1e-9);
        assertEquals(0.595, (Double) figures.get("lastAtSeconds"), 1e-9);
        assertEquals(true, figures.get("judged"));
    }

    @Test
    void run_oneLoadedRecordLost_withinTheBudgetValidWithANote() throws Exception {
        LosingStore store = new LosingStore(timing.clock(), n -> n == 299);
        load(store);

        RunResult run = runC(store, Map.of());

        assertTrue(run.valid(), run.warnings()::toString);
        assertTrue(run.notes().contains("1 of 600 reads of loaded records (0.2%) found nothing (NOT_FOUND), from"
                + " 0.3 s to 0.3 s after the run's start (user299), within the error budget of 1%"), run.notes()::toString);
        assertEquals(1L, section(run).values().get("foundNothing"));
    }

    @Test
    void run_warmUp_readsInsideItAreNotCounted() throws Exception {
        LosingStore store = new LosingStore(timing.clock(), n -> n % 6 == 0);
        load(store);

        // reads 0..99 end at 1..100 ms; the measured time begins at 100.5 ms
        RunResult run = runC(store, Map.of("warmup", "100500us"));

        Map<String, Object> figures = section(run).values();
        assertEquals(500L, figures.get("readsOfLoadedRecords"), "the measured reads, as the accounting counts them");
        assertEquals(run.accounting().completed(), figures.get("readsOfLoadedRecords"));
        // lost records 102, 108, ..., 594 are read in the measured time
        assertEquals(83L, figures.get("foundNothing"));
        assertEquals(run.accounting().statuses().get(Status.NOT_FOUND), figures.get("foundNothing"));
        assertEquals(0.103, (Double) figures.get("firstAtSeconds"), 1e-9, "record 102 ends at 103 ms after the run's"
                + " start (the warm-up's start, the results' one time base)");
    }

    @Test
    void run_nothingLoaded_notJudged() throws Exception {
        LosingStore store = new LosingStore(timing.clock(), n -> false);

        RunResult run = runC(store, Map.of("autoload", "false"));

        assertTrue(run.valid(), run.warnings()::toString);
        assertEquals(Map.of(Status.NOT_FOUND, 600L), run.accounting().statuses());
        assertEquals(false, section(run).values().get("judged"));
        assertTrue(section(run).textLines().contains("[MISSING-RECORDS], Judged, false (the store held no record of"
                + " the table when the run began)"), section(run).textLines()::toString);
    }

    @Test
    void run_workloadDeletesRecords_notChecked() throws Exception {
        LosingStore store = new LosingStore(timing.clock(), n -> n % 6 == 0);
        load(store);

        RunResult run = runC(store, Map.of("readproportion", "0.9", "deleteproportion", "0.1"));

        assertTrue(run.sections().stream().noneMatch(s -> s.name().equals("missingRecords")), run.sections()::toString);
    }

    private static ReportSection section(RunResult run) {
        return run.sections().stream().filter(s -> s.name().equals("missingRecords")).findFirst()
                .orElseThrow(() -> new AssertionError(run.sections().toString()));
    }

    private void load(LosingStore store) throws Exception {
        RunResult load = runner(store).execute(RunConfigParser.parse(Phase.LOAD, Settings.of(properties(Map.of())),
                null, true));
        assertEquals(Map.of(Status.OK, (long) RECORDS), load.accounting().statuses());
    }

    /** Workload C (reads only), each loaded record once, in order. */
    private RunResult runC(LosingStore store, Map<String, String> extra) throws Exception {
        Map<String, String> p = properties(Map.of("readproportion", "1", "updateproportion", "0",
                "requestdistribution", "sequential", "operationcount", Integer.toString(RECORDS)));
        p.putAll(extra);
        return runner(store).execute(RunConfigParser.parse(Phase.RUN, Settings.of(p), null, true));
    }

    private static Map<String, String> properties(Map<String, String> extra) {
        Map<String, String> p = new HashMap<>(Map.of("store", "losing", "recordcount", Integer.toString(RECORDS),
                "insertorder", "ordered", "threadcount", "1", "model", "closed", "seed", "5", "time", "virtual",
                "status.interval", "3600"));
        p.putAll(extra);
        return p;
    }

    private Runner runner(LosingStore store) {
        StoreFactory factory = new StoreFactory() {
            @Override
            public String name() {
                return "losing";
            }

            @Override
            public String description() {
                return "acknowledges every write, then loses some records";
            }

            @Override
            public Set<String> propertyNames() {
                return Set.of();
            }

            @Override
            public Store open(StoreProperties properties) {
                return store;
            }
        };
        return new Runner(StoreRegistry.of(factory), Workloads::create, timing.clock(), timing.tasks(),
                new StopSignal(), new PrintStream(OutputStream.nullOutputStream()));
    }

    /** Keeps every record, but reads of the records {@code lost} picks (by number, userN) find nothing; 1 ms a call. */
    private static final class LosingStore implements Store {
        private final Clock clock;
        private final LongPredicate lost;
        private final Map<String, Map<String, byte[]>> data = new ConcurrentHashMap<>();

        LosingStore(Clock clock, LongPredicate lost) {
            this.clock = clock;
            this.lost = lost;
        }

        private void take1Ms() {
            try {
                clock.parkUntil(clock.nanoTime() + MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Session newSession() {
            return new Session() {
                @Override
                public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                    take1Ms();
                    Map<String, byte[]> v = data.get(key);
                    if (v == null || lost.test(Long.parseLong(key.substring(4)))) {
                        return Status.NOT_FOUND;
                    }
                    result.putAll(v);
                    return Status.OK;
                }

                @Override
                public Status scan(String table, String startKey, int recordCount, Set<String> fields,
                        List<Record> result) {
                    take1Ms();
                    return Status.OK;
                }

                @Override
                public Status update(String table, String key, Map<String, byte[]> values) {
                    take1Ms();
                    return data.containsKey(key) ? Status.OK : Status.NOT_FOUND;
                }

                @Override
                public Status insert(String table, String key, Map<String, byte[]> values) {
                    take1Ms();
                    data.put(key, Map.copyOf(values));
                    return Status.OK;
                }

                @Override
                public Status delete(String table, String key) {
                    take1Ms();
                    return data.remove(key) == null ? Status.NOT_FOUND : Status.OK;
                }
            };
        }

        @Override
        public boolean isEmbedded() {
            return true;
        }

        @Override
        public boolean callsTakeTime() {
            return true;
        }

        @Override
        public boolean isKnownEmpty(String table) {
            return data.isEmpty();
        }

        @Override
        public void close() {
        }
    }
}
