package org.openmark.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.openmark.api.Clock;
import org.openmark.pbs.Exponential;
import org.openmark.pbs.LatencyDistribution;
import org.openmark.pbs.PbsResult;
import org.openmark.pbs.PbsSimulator;
import org.openmark.pbs.PbsSpec;
import org.openmark.pbs.WarsDistributions;

/**
 * Measures the PBS simulator's own speed without JMH, so that it also shows a just-started
 * JVM: the first 10,000-trial run after JVM start, the same run warm, and large runs on 1 and
 * 2 threads. Prints wall time and the process's CPU time (which includes JIT and GC threads;
 * on a shared machine wall time also includes waiting for a core).
 * Run: {@code bin/bench pbs [TRIALS]}.
 */
public final class PbsSimulatorSpeed {
    private PbsSimulatorSpeed() {
    }

    /** Prints timings; the optional argument is the trial count of the large runs (default 10,000,000). */
    public static void main(String[] args) {
        long bigTrials = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 10_000_000L;
        Clock clock = Clock.system();
        int cores = Runtime.getRuntime().availableProcessors();
        PbsSpec small = PbsSpec.defaults(42).with(3, 10, 1, 10_000).withSeed(42, PbsSpec.defaultThreads(10_000, 3, cores));
        time(clock, "cold  lnkd-disk N=3, 9 (R,W), 10,000 trials", small);
        for (int i = 0; i < 3; i++) {
            time(clock, "warm  lnkd-disk N=3, 9 (R,W), 10,000 trials", small);
        }
        PbsSpec big = small.with(3, 10, 1, bigTrials);
        for (int threads : new int[] {1, 2}) {
            time(clock, String.format(Locale.ROOT, "large lnkd-disk N=3, 9 (R,W), %,d trials", bigTrials),
                    big.withSeed(42, threads));
        }
        LatencyDistribution exp = new Exponential(1);
        time(clock, String.format(Locale.ROOT, "large exp(1)     N=3, 9 (R,W), %,d trials", bigTrials),
                big.withWars(new WarsDistributions(exp, exp, exp, exp)).withSeed(42, 2));
    }

    private static void time(Clock clock, String label, PbsSpec spec) {
        long cpuStartNanos = processCpuNanos();
        long startNanos = clock.nanoTime();
        PbsResult result = PbsSimulator.run(spec);
        double elapsedMs = (clock.nanoTime() - startNanos) / 1e6;
        double cpuMs = (processCpuNanos() - cpuStartNanos) / 1e6;
        System.out.printf(Locale.ROOT, "%s, %d thread%s: wall %8.1f ms, process cpu %8.1f ms, %6.1f ns/trial"
                + " (P(consistent) R=W=1: %.5f)%n", label, spec.threads(), spec.threads() == 1 ? " " : "s", elapsedMs,
                cpuMs, elapsedMs * 1e6 / spec.trials(), result.config(1, 1).pConsistent());
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
