package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.load.StopSignal;
import org.openmark.load.VirtualClock;
import org.openmark.load.VirtualTasks;
import org.openmark.measure.Measurements;
import org.openmark.measure.Outage;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;

/**
 * The two verdicts and whom they blame: directly on constructed figures, and end to end in
 * virtual time, where a store that blocks and a generator whose timer is late are exact.
 */
class VerdictsTest {
    private static final long MS = 1_000_000L;

    private static Histogram lag(long micros, int count) {
        Histogram h = Measurements.newHistogram();
        h.recordValueWithCount(micros, count);
        return h;
    }

    private static ScheduleReport schedule(Histogram sendLag, long waited) {
        return new ScheduleReport(1000, 1000, 1000, sendLag, waited, 0, 0, 1);
    }

    @Test
    void generator_lagOnlyWhileTheStoreWasInTrouble_blamesTheStoreAndStaysValid() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10");
        Histogram all = lag(50_000, 200);
        all.add(lag(100, 9800));
        List<String> warnings = new ArrayList<>();
        boolean valid = Verdicts.generator(cfg, schedule(all, 0),
                new Verdicts.LagByCause(lag(100, 9800), lag(50_000, 200), 3), 60_000, warnings, new ArrayList<>());
        assertTrue(valid, warnings::toString);
        assertTrue(warnings.get(0).contains("the store, not the generator"), warnings::toString);
    }

    @Test
    void generator_lagWhereTheStoreWasHealthy_blamesTheGeneratorWithBothFigures() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10");
        List<String> warnings = new ArrayList<>();
        boolean valid = Verdicts.generator(cfg, schedule(lag(5_000, 100), 0),
                new Verdicts.LagByCause(lag(5_000, 100), lag(1, 0), 0), 6_000, warnings, new ArrayList<>());
        assertFalse(valid);
        assertTrue(warnings.get(0).contains("the load generator, not the store") && warnings.get(0).contains("5")
                && warnings.get(0).contains("response-time p99 of 6000 us"), warnings::toString);
    }

    @Test
    void generator_lagImmaterialToTheResponseTimes_isANoteNotAVerdict() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10");
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean valid = Verdicts.generator(cfg, schedule(lag(2_000, 100), 0),
                new Verdicts.LagByCause(lag(2_000, 100), lag(1, 0), 0), 100_000, warnings, notes);
        assertTrue(valid);
        assertTrue(warnings.isEmpty(), warnings::toString);
        assertTrue(notes.get(0).contains("did not change the result materially"), notes::toString);
    }

    @Test
    void store_failuresAboveTheBudget_invalidAndLocatedInTime() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10", "maxerrorrate", "5%");
        Map<Status, Long> statuses = new EnumMap<>(Status.class);
        statuses.put(Status.OK, 900L);
        statuses.put(Status.NOT_FOUND, 40L);
        statuses.put(Status.SERVICE_UNAVAILABLE, 60L);
        Accounting a = new Accounting(1000, 0, statuses, 0, 0);
        List<String> warnings = new ArrayList<>();
        boolean valid = Verdicts.store(cfg, a, List.of(new Outage(Outage.Kind.ERRORS, 7, 11,
                Map.of(Status.SERVICE_UNAVAILABLE, 60L), 60)), warnings, new ArrayList<>());
        assertFalse(valid);
        assertEquals("the store failed 6.0% of operations (SERVICE_UNAVAILABLE from 7.0 s to 11.0 s), more than the"
                + " error budget of 5% (--max-error-rate): the run is not valid", warnings.get(0));
    }

    @Test
    void store_notFoundIsAnAnswer_withinTheBudget() {
        RunConfig cfg = TestConfigs.run("model", "open", "operationcount", "10");
        Accounting a = new Accounting(100, 0, Map.of(Status.OK, 50L, Status.NOT_FOUND, 50L), 0, 0);
        List<String> warnings = new ArrayList<>();
        assertTrue(Verdicts.store(cfg, a, List.of(), warnings, new ArrayList<>()));
        assertTrue(warnings.isEmpty());
    }

    private static RunResult runVirtual(Clock clockForTheRun, VirtualClock clock, LongUnaryOperator store,
            String... pairs) throws InterruptedException {
        RunConfig cfg = TestConfigs.run(pairs);
        return new PhaseRunner(clockForTheRun, new VirtualTasks(clock), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0), new LatencyStore(clock, store),
                        cfg.operationCount(), Duration.ZERO, List.of());
    }

    /**
     * A store that blocks every call for 200 ms from 1 s on, with only 20 in-flight slots: sends
     * wait for slots (late), and the verdict blames the store. Virtual time: exact.
     */
    @Test
    void virtualTime_storeThatBlocks_theStoreIsBlamed() throws Exception {
        VirtualClock clock = new VirtualClock();
        RunResult r = runVirtual(clock, clock, start -> start + (start >= 1000 * MS && start < 1500 * MS ? 200 * MS
                : MS / 2), "model", "open", "rate", "1000", "arrival", "constant", "operationcount", "3000",
                "maxinflight", "20");
        assertTrue(r.schedule().sendLag().getValueAtPercentile(99) > 1000, "sends were late");
        assertFalse(String.join(" ", r.warnings()).contains("the load generator, not the store"), r.warnings()::toString);
        assertTrue(String.join(" ", r.warnings()).contains("the store could not keep up"), r.warnings()::toString);
    }

    /**
     * A generator whose timer wakes 2 ms late every time, against a healthy store answering in
     * 0.5 ms: every send is 2 ms late, and the verdict blames the generator.
     */
    @Test
    void virtualTime_generatorWhoseTimerIsLate_theGeneratorIsBlamed() throws Exception {
        VirtualClock clock = new VirtualClock();
        Clock late = new Clock() {
            @Override
            public long nanoTime() {
                return clock.nanoTime();
            }

            @Override
            public long currentTimeMillis() {
                return clock.currentTimeMillis();
            }

            @Override
            public void parkUntil(long deadlineNanos) throws InterruptedException {
                clock.parkUntil(deadlineNanos + 2 * MS);
            }
        };
        RunResult r = runVirtual(late, clock, start -> start + MS / 2, "model", "open", "rate", "100", "arrival",
                "constant", "operationcount", "300");
        assertTrue(r.schedule().sendLag().getValueAtPercentile(50) >= 1900, "every send late by 2 ms");
        assertFalse(r.valid());
        assertTrue(String.join(" ", r.warnings()).contains("the load generator, not the store"), r.warnings()::toString);
    }
}
