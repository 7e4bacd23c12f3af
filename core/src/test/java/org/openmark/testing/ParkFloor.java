package org.openmark.testing;

import java.time.Duration;
import org.openmark.api.Clock;
import org.openmark.timing.WakeUpFloor;

/**
 * How late this machine, right now, wakes a thread that parks until a deadline: the floor any
 * real-time scheduler stands on. A real-time test compares the generator's send lag with this
 * floor measured beside it, instead of with a fixed bound that a busy machine (other builds, a CI
 * neighbour) breaks while the generator did all it could. It is the floor a run measures before
 * an open-model phase ({@link WakeUpFloor}), here without the run's timer-slack tightening.
 */
public final class ParkFloor {
    private ParkFloor() {
    }

    /** The p99 lateness (µs) of about {@code wakeUps} wake-ups, 1,000 a second. */
    public static long p99Micros(int wakeUps) throws InterruptedException {
        return WakeUpFloor.measure(Clock.system(), new WakeUpFloor.Plan(1000, Duration.ZERO,
                Duration.ofMillis(wakeUps), 0, 1), () -> false).getValueAtPercentile(99);
    }
}
