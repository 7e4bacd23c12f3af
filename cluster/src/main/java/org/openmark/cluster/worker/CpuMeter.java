package org.openmark.cluster.worker;

import java.lang.management.ManagementFactory;
import org.openmark.api.Clock;

/**
 * This process's CPU use over spans of wall time, in percent of all the machine's cores (100: every
 * core busy): what a worker reports with each interval and with its result. The wall time is the
 * injected clock's.
 */
final class CpuMeter {
    private final Clock clock;
    private long cpuAt;
    private long wallAt;

    /** A meter whose first span starts now. */
    CpuMeter(Clock clock) {
        this.clock = clock;
        this.cpuAt = cpuNanos();
        this.wallAt = clock.nanoTime();
    }

    /** The CPU use since the span started (or -1 when unknown); the next span starts now. */
    double lap() {
        long cpu = cpuNanos();
        long wall = clock.nanoTime();
        double percent = percent(cpu - cpuAt, wall - wallAt);
        cpuAt = cpu;
        wallAt = wall;
        return percent;
    }

    /** CPU nanoseconds this process used so far, or -1. */
    static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    static double percent(long cpuNanos, long wallNanos) {
        if (cpuNanos < 0 || wallNanos <= 0) {
            return -1;
        }
        return 100.0 * cpuNanos / ((double) wallNanos * Runtime.getRuntime().availableProcessors());
    }
}
