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
    void measureBefore_aStoppedRun_isNotMeasured() throws Exception {
        StopSignal stop = new StopSignal();
        stop.stop();
        MachineFloor f = MachineFloor.measureBefore(new LateClock(0), 800, Duration.ofSeconds(20), stop);
        assertFalse(f.measured());
        assertEquals("interrupted", f.why());
    }

    @Test
    void measureBefore_aLateClock_recordsItsFigures() throws Exception {
        MachineFloor f = MachineFloor.measureBefore(new LateClock(500_000), 800, Duration.ofSeconds(20),
                new StopSignal());
        assertTrue(f.measured(), f::why);
        assertEquals(1000, f.ratePerSec(), "at least 1000/s, so the p99 rests on enough wake-ups");
        assertEquals(1.75, f.seconds(), 1e-9, "2 s, the first quarter-second not recorded");
        assertEquals(500, f.maxMicros(), 1);
        assertTrue(f.p99Micros() <= f.maxMicros() && f.p50Micros() <= f.p99Micros());
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
    void measureBefore_aShortRun_notMeasuredAndSaysWhy() throws Exception {
        MachineFloor f = MachineFloor.measureBefore(new LateClock(0), 800, Duration.ofSeconds(3), new StopSignal());
        assertFalse(f.measured());
        assertEquals("the run is planned for less than 5 s", f.why());
    }
}
