package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.run.ModelChoice;
import org.openmark.run.OpResult;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.testing.RecordStore;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.Workloads;

/**
 * With {@code dataintegrity=true} a rating's experiment judges the store on what its reads returned:
 * a failed check (VERIFY) is the store's failure at that load (the SLA is not met there), not a load
 * generator that limited the run, and the checks' own times are no operation's latency. Virtual
 * time, every call 1 ms, the records read in order.
 */
class StoreRatingDataCheckTest {
    private static final long MS = 1_000_000L;
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private final Timing timing = Timing.virtual();

    @Test
    void experiment_healthyStore_slaMet() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        try (StoreRating rating = rating(store)) {
            rating.prepare();
            ExperimentResult r = rating.run(2);

            assertTrue(r.valid(), r::invalidReason);
            assertTrue(r.slaMet());
            RunResult run = rating.results().get(0);
            assertTrue(run.operations().stream().anyMatch(OpResult::dataCheck), run.operations()::toString);
            assertEquals(MS, r.slaLatencyNanos(), "the reads' 1 ms; the checks take no virtual time and are not in it");
        }
    }

    @Test
    void experiment_corruptedRecord_theStoresFailureSlaNotMet() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        try (StoreRating rating = rating(store)) {
            rating.prepare();
            store.corrupt("user3", "field1");
            ExperimentResult r = rating.run(2);

            assertTrue(r.valid(), "the store's failure, not the generator's: " + r.invalidReason());
            assertFalse(r.slaMet());
            RunResult run = rating.results().get(0);
            assertFalse(run.valid());
            assertTrue(run.warnings().stream().anyMatch(w -> w.contains("for example record user3")),
                    run.warnings()::toString);
        }
    }

    private StoreRating rating(RecordStore store) {
        Map<String, String> p = new HashMap<>(Map.of("store", "records", "seed", "7", "time", "virtual",
                "status.interval", "3600", "recordcount", "50", "insertorder", "ordered", "dataintegrity", "true",
                "fieldlength", "20", "requestdistribution", "sequential"));
        p.put("operationcount", "10");
        Runner runner = new Runner(StoreRegistry.of(store.factory("records")), Workloads::create, timing.clock(),
                timing.tasks(), new StopSignal(), QUIET);
        return new StoreRating(runner, Settings.of(p), ModelChoice.CLOSED, Sla.parse("p99<=5ms"), Duration.ofSeconds(1),
                Duration.ofMillis(500), ReloadPolicy.of(ReloadMode.NONE), timing.clock(), QUIET);
    }
}
