package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.timing.StopSignal;
import org.openmark.timing.WakeUpFloor;

/** The machine's wake-up floor on a fake clock whose every wake-up is late by a known amount. */
class MachineFloorTest {

    /** A clock that only moves when parked: each wake-up comes {@code lateNanos} after its deadline. */
    private static final class LateClock implements Clock {
        private final long lateNanos;
        private long now = 1_000_000_000L;

        LateClock(long lateNanos) {
            this.lateNanos = lateNanos;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public long currentTimeMillis() {
            return now / 1_000_000;
        }

        @Override
        public void parkUntil(long deadlineNanos) {
            now = Math.max(now, deadlineNanos) + lateNanos;
        }
    }

    private static final WakeUpFloor.Plan PLAN = new WakeUpFloor.Plan(1000, Duration.ofMillis(250),
            Duration.ofSeconds(2), 0, 1);

    @Test
    void measure_everyWakeUpLate_theFloorsWorstIsThatLateness() throws Exception {
        Histogram lag = WakeUpFloor.measure(new LateClock(300_000), PLAN, () -> false);
        assertEquals(300, lag.getMaxValue(), 1, "the first arrival of each wake-up waited the whole lateness");
        assertTrue(lag.getTotalCount() > 1800 && lag.getTotalCount() < 2200, "about 1000/s for 2 s: "
                + lag.getTotalCount());
        assertEquals(lag.getTotalCount(), WakeUpFloor.measure(new LateClock(300_000), PLAN, () -> false)
                .getTotalCount(), "seeded: the same arrivals");
    }

    @Test
    void measure_onTime_zeroLag() throws Exception {
        Histogram lag = WakeUpFloor.measure(new LateClock(0), PLAN, () -> false);
        assertTrue(lag.getTotalCount() > 0);
        assertEquals(0, lag.getMaxValue());
    }

    @Test
    void sample_aStoppedRun_noSampleAndNotMeasured() throws Exception {
        StopSignal stop = new StopSignal();
        stop.stop();
        MachineFloor.Plan plan = MachineFloor.planFor(800, Duration.ofSeconds(20));
        assertEquals(null, MachineFloor.sample(new LateClock(0), plan, stop));
        MachineFloor f = MachineFloor.of(plan, null, null);
        assertFalse(f.measured());
        assertEquals("interrupted", f.why());
    }

    @Test
    void beforeAndAfter_aMachineLateOnlyAfterTheRun_showsInTheWorseSample() throws Exception {
        MachineFloor.Plan plan = MachineFloor.planFor(800, Duration.ofSeconds(20));
        assertEquals(1000, plan.ratePerSec(), "at least 1000/s, so the p99 rests on enough wake-ups");
        assertEquals(Duration.ofSeconds(1), plan.eachSample(), "2 s in all, half before and half after");
        MachineFloor f = MachineFloor.of(plan, MachineFloor.sample(new LateClock(0), plan, new StopSignal()),
                MachineFloor.sample(new LateClock(500_000), plan, new StopSignal()));
        assertTrue(f.measured(), f::why);
        assertEquals(1.8, f.seconds(), 1e-9, "0.9 s recorded of each sample");
        assertEquals(0, f.p99BeforeMicros());
        assertEquals(500, f.p99AfterMicros(), 1);
        assertEquals(500, f.worseP99Micros(), 1);
        assertEquals(500, f.maxMicros(), 1);
        assertTrue(f.p50Micros() <= f.p99Micros() && f.p99Micros() <= f.maxMicros());
        assertTrue(f.describe().startsWith("the machine's own wake-up floor p99 was 0 us just before the run and 50"),
                f.describe());
    }

    @Test
    void beforeOnly_theRunWasStoppedBeforeTheSecondSample() throws Exception {
        MachineFloor.Plan plan = MachineFloor.planFor(800, Duration.ofSeconds(20));
        MachineFloor f = MachineFloor.of(plan, MachineFloor.sample(new LateClock(200_000), plan, new StopSignal()),
                null);
        assertEquals(-1, f.p99AfterMicros());
        assertEquals(0.9, f.seconds(), 1e-9);
        assertEquals(200, f.worseP99Micros(), 1);
        assertTrue(f.describe().contains("(none after it: the run was stopped)"), f.describe());
    }

    @Test
    void lengthFor_aTenthOfTheRunAtMostTwoSeconds_noneForShortRuns() {
        assertEquals(Duration.ofSeconds(2), MachineFloor.lengthFor(Duration.ofSeconds(60)));
        assertEquals(Duration.ofSeconds(1), MachineFloor.lengthFor(Duration.ofSeconds(10)));
        assertEquals(Duration.ofMillis(500), MachineFloor.lengthFor(Duration.ofSeconds(5)));
        assertEquals(Duration.ZERO, MachineFloor.lengthFor(Duration.ofSeconds(4)));
        assertEquals(Duration.ofSeconds(2), MachineFloor.lengthFor(Duration.ZERO), "length unknown");
    }

    @Test
    void planFor_aShortRun_measuresNothingAndSaysWhy() throws Exception {
        MachineFloor.Plan plan = MachineFloor.planFor(800, Duration.ofSeconds(3));
        assertFalse(plan.measures());
        assertEquals(null, MachineFloor.sample(new LateClock(0), plan, new StopSignal()));
        MachineFloor f = MachineFloor.of(plan, null, null);
        assertFalse(f.measured());
        assertEquals("the run is planned for less than 5 s", f.why());
    }
}
