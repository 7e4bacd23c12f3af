package org.openmark.timing;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;

/**
 * The machine's own wake-up floor: the send lag of an ideal open-model scheduler that does no
 * work. One thread draws Poisson arrivals, parks until each is due through the same {@link Clock}
 * the open model uses and, on waking, counts every arrival already due as sent, with lag = wake
 * time − intended start. Nothing is handed off and nothing is allocated per arrival, so the lag it
 * sees is the machine's (timer slack, the OS and hypervisor scheduler, other tenants): no load
 * generator's send lag can be lower here. The run measures it before an open-model phase (see
 * {@code MachineFloor}); {@code bin/bench floor} prints it.
 */
public final class WakeUpFloor {

    private WakeUpFloor() {
    }

    /**
     * What to measure.
     *
     * @param ratePerSec the mean rate of the Poisson arrivals
     * @param warmUp how long the scheduler runs before its lag is recorded (its loop compiled)
     * @param measured how long its lag is recorded after that
     * @param workNanos how long it keeps busy per arrival after sending it (0: an ideal scheduler)
     * @param seed the arrivals' seed
     */
    public record Plan(double ratePerSec, Duration warmUp, Duration measured, long workNanos, long seed) {
        public Plan {
            if (!(ratePerSec > 0) || Double.isInfinite(ratePerSec)) {
                throw new IllegalArgumentException("rate must be > 0 per second: " + ratePerSec);
            }
            if (warmUp.isNegative() || measured.isNegative() || workNanos < 0) {
                throw new IllegalArgumentException("durations and work must be >= 0: " + warmUp + ", " + measured
                        + ", " + workNanos + " ns");
            }
        }
    }

    /**
     * Runs the ideal scheduler on the calling thread until the plan's time is up or {@code
     * stopped} says so; returns the send lag of the arrivals due after the warm-up, microseconds.
     */
    public static Histogram measure(Clock clock, Plan plan, BooleanSupplier stopped) throws InterruptedException {
        Histogram lagMicros = new Histogram(3);
        lagMicros.setAutoResize(true);
        SplittableRandom random = new SplittableRandom(plan.seed());
        double meanGapNanos = 1e9 / plan.ratePerSec();
        long start = clock.nanoTime();
        long measureFrom = start + plan.warmUp().toNanos();
        long end = measureFrom + plan.measured().toNanos();
        double intended = start;
        long now = start;
        while (intended < end && !stopped.getAsBoolean()) {
            long due = (long) Math.ceil(intended);
            if (due > now) {
                clock.parkUntil(due);
            }
            now = clock.nanoTime();
            // Everything due by now is sent now: its lag is the wake-up's lateness.
            while (intended <= now && intended < end) {
                if (intended >= measureFrom) {
                    lagMicros.recordValue(Math.max(0, now - (long) intended) / 1000);
                }
                intended += -Math.log(1 - random.nextDouble()) * meanGapNanos;
                if (plan.workNanos() > 0) {
                    long busyUntil = clock.nanoTime() + plan.workNanos();
                    while (clock.nanoTime() < busyUntil) {
                        Thread.onSpinWait();
                    }
                }
            }
        }
        return lagMicros;
    }
}
