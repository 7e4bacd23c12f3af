package org.openmark.run;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** CPU time used by this JVM, to tell whether the load generator itself was saturated. */
final class ProcessCpu {
    private ProcessCpu() {
    }

    /** CPU nanoseconds used by the process so far, or -1 when the JVM cannot tell. */
    static long cpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }

    /** Cores available to the process. */
    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
