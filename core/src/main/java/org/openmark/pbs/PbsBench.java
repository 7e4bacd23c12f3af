package org.openmark.pbs;

import java.util.Locale;
import org.openmark.api.Clock;

/**
 * Measures the PBS simulator's own speed (no JMH, so it also shows the cold, just-started JVM):
 * the first 10,000-trial run after JVM start, the same run warm, and large runs on 1 and 2
 * threads. Run: {@code java -cp core/target/classes:... org.openmark.pbs.PbsBench [bigTrials]}.
 */
public final class PbsBench {
    private PbsBench() {
    }

    /** Prints timings; the optional argument is the trial count of the large runs (default 10,000,000). */
    public static void main(String[] args) {
        long bigTrials = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 10_000_000L;
        Clock clock = Clock.system();
        PbsSpec small = PbsSpec.defaults(42).with(3, 10, 1, 10_000);
        time(clock, "cold  N=3, 9 (R,W), 10,000 trials, 1 thread ", small);
        for (int i = 0; i < 5; i++) {
            time(clock, "warm  N=3, 9 (R,W), 10,000 trials, 1 thread ", small);
        }
        PbsSpec big = small.with(3, 10, 1, bigTrials);
        for (int threads : new int[] {1, 2}) {
            time(clock, String.format(Locale.ROOT, "large N=3, 9 (R,W), %,d trials, %d thread%s", bigTrials, threads,
                    threads == 1 ? " " : "s"), big.withSeed(42, threads));
        }
        PbsSpec exp = big.withWars(new WarsDistributions(new Exponential(1), new Exponential(1), new Exponential(1),
                new Exponential(1))).withSeed(42, 2);
        time(clock, String.format(Locale.ROOT, "large all exp(1), %,d trials, 2 threads", bigTrials), exp);
    }

    private static void time(Clock clock, String label, PbsSpec spec) {
        long startNanos = clock.nanoTime();
        PbsResult result = PbsSimulator.run(spec);
        double elapsedMs = (clock.nanoTime() - startNanos) / 1e6;
        System.out.printf(Locale.ROOT, "%s: %10.1f ms  (P(consistent) R=1,W=1: %.6f; %.1f ns per trial)%n", label,
                elapsedMs, result.config(1, 1).pConsistent(), elapsedMs * 1e6 / spec.trials());
    }
}
