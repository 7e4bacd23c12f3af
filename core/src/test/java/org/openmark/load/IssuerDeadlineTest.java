package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * The open model stops issuing at the duration however far behind its schedule it is: arrivals it
 * had not sent by then are never sent (they show as an achieved rate below the schedule), and the
 * phase ends within the duration and the grace period.
 */
class IssuerDeadlineTest {
    private static final long MS = 1_000_000L;

    /**
     * The generator's timer wakes 3 s late once, in a 2 s run: when it wakes the duration is over,
     * and the 2000 arrivals it is behind on are not sent. Virtual time: exact.
     */
    @Test
    void virtualTime_generatorFarBehindAtTheDeadline_stopsIssuingAtOnce() throws Exception {
        VirtualClock clock = new VirtualClock();
        boolean[] once = {false};
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
                boolean first;
                synchronized (once) {
                    first = !once[0] && Thread.currentThread().getName().contains("scheduler");
                    once[0] |= first;
                }
                clock.parkUntil(deadlineNanos + (first ? 3000 * MS : 0));
            }
        };
        RunConfig cfg = TestConfigs.run("model", "open", "rate", "1000", "arrival", "constant", "duration", "2s",
                "grace", "1s");
        RunResult r = new PhaseRunner(late, new VirtualTasks(clock), new StopSignal(), null).run(cfg,
                Runner.modelOf(cfg), new SimpleWorkload(100, 0), new LatencyStore(clock, start -> start + MS / 2), 0,
                cfg.duration(), List.of());
        assertTrue(r.accounting().issued() <= 2, "issued " + r.accounting().issued() + " after the deadline");
        assertTrue(r.accounting().addsUp());
        assertFalse(r.valid());
        assertTrue(String.join(" ", r.warnings()).contains("achieved"), r.warnings()::toString);
    }

    /**
     * 10 million arrivals a second for 0.3 s: far more than one process issues (it used to go on
     * until it had sent every arrival of the schedule); it still ends on time.
     */
    @Test
    void realTime_absurdlyHighRate_endsWithinTheDurationAndTheGrace() throws Exception {
        RunConfig cfg = TestConfigs.run("model", "open", "rate", "10000000", "arrival", "constant", "duration",
                "300ms", "grace", "1s");
        long begin = System.nanoTime();
        RunResult r = new PhaseRunner(Clock.system(), Tasks.real(), new StopSignal(), null).run(cfg,
                Runner.modelOf(cfg), new SimpleWorkload(100, 0), new LatencyStore(Clock.system(), start -> start),
                0, cfg.duration(), List.of());
        double seconds = (System.nanoTime() - begin) / 1e9;
        assertTrue(seconds < 8, "the phase took " + seconds + " s");
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
        assertTrue(r.accounting().issued() < 10_000_000, "not every arrival of the schedule was sent");
        assertEquals(0, r.schedule().dropped());
        assertFalse(r.valid(), () -> "the generator could not keep the schedule: " + r.warnings());
        // A million operations' garbage would otherwise land on the next real-time test's send lag.
        System.gc();
    }
}
