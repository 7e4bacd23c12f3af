package org.openmark.cluster.protocol;

import java.time.Instant;
import org.openmark.api.Clock;

/**
 * The wall clock the coordinator and its workers compare, in microseconds since the epoch: the
 * clock probes ({@link Pong#workerEpochMicros()}) and the common start instant
 * ({@link StartAt#workerEpochMicros()}) are read and set in it.
 *
 * <p>Why this reads the JVM's own clock ({@link Instant#now()}) rather than an injected
 * {@link Clock}: two machines share no monotonic clock, only their wall clocks (kept close by
 * NTP/PTP), so offsets between machines can only be measured in wall time; and they are measured
 * to the microsecond, which {@link Clock#currentTimeMillis()} does not resolve. Everything that
 * times a span on one machine uses the injected clock; this class only turns a wall-clock instant
 * into that clock's {@link Clock#nanoTime()} ({@link #toNanoTime}).
 */
public final class EpochMicrosClock {
    private EpochMicrosClock() {
    }

    /** Microseconds since the epoch, by this machine's wall clock. */
    public static long now() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /** The instant {@code epochMicros} of the wall clock, in {@code clock}'s {@link Clock#nanoTime()}. */
    public static long toNanoTime(long epochMicros, Clock clock) {
        return clock.nanoTime() + (epochMicros - now()) * 1000;
    }
}
