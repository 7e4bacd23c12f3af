package org.openmark.services.bench;

/**
 * What was sampled at both ends of a measured window: the client's and the server's CPU ticks, when (epoch
 * milliseconds), and the client's peak resident memory at its end.
 *
 * @param ticksPerSecond the kernel's clock ticks per second (CLK_TCK, 100 on Linux)
 */
public record Window(long clientTicksFrom, long clientTicksTo, long serverTicksFrom, long serverTicksTo,
        long fromEpochMillis, long toEpochMillis, long clientRssKiB, long ticksPerSecond) {

    public double clientCpuSeconds() {
        return (double) (clientTicksTo - clientTicksFrom) / ticksPerSecond;
    }

    public double serverCpuSeconds() {
        return (double) (serverTicksTo - serverTicksFrom) / ticksPerSecond;
    }

    /** The window's length in seconds. */
    public double seconds() {
        return (toEpochMillis - fromEpochMillis) / 1000.0;
    }
}
