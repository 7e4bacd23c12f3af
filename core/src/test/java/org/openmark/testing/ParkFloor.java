package org.openmark.testing;

import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * How late this machine, right now, wakes a thread that parks until a deadline: the floor any
 * real-time scheduler stands on. A real-time test compares the generator's send lag with this
 * floor measured beside it, instead of with a fixed bound that a busy machine (other builds, a CI
 * neighbour) breaks while the generator did all it could.
 */
public final class ParkFloor {
    private ParkFloor() {
    }

    /** Parks until {@code deadlines} deadlines {@code gapNanos} apart; the lateness of each wake-up (µs). */
    public static Histogram measure(int deadlines, long gapNanos) {
        Histogram late = new Histogram(3);
        late.setAutoResize(true);
        long next = System.nanoTime() + gapNanos;
        for (int i = 0; i < deadlines; i++) {
            long now;
            while ((now = System.nanoTime()) < next) {
                LockSupport.parkNanos(next - now);
            }
            late.recordValue((now - next) / 1000);
            next += gapNanos;
        }
        return late;
    }

    /** The p99 lateness (µs) of {@code deadlines} wake-ups 1 ms apart. */
    public static long p99Micros(int deadlines) {
        return measure(deadlines, 1_000_000L).getValueAtPercentile(99);
    }
}
