package org.openmark.store.sim.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A distribution of non-negative durations in nanoseconds, sampled with the engine's seeded
 * random source. Each kind draws a fixed number of random values per sample (the normal
 * distribution excepted: it rejects negative draws), so a seed replays the same sequence.
 */
public sealed interface Distribution {

    /** One sample in nanoseconds (never negative). */
    long sampleNanos(SplittableRandom random);

    /** The mean in nanoseconds (for the read preference {@code nearest}). */
    double expectedNanos();

    /** The specification this distribution was parsed from, e.g. {@code uniform(1ms,5ms)}. */
    String spec();

    /** True when every sample is 0: a wait drawn from it takes no time at all. */
    default boolean alwaysZero() {
        return switch (this) {
            case Constant c -> c.valueNanos() == 0;
            case Uniform u -> u.highNanos() == 0;
            case Exponential e -> e.meanNanos() == 0;
            case TruncatedNormal n -> n.meanNanos() == 0 && n.stddevNanos() == 0;
            case Empirical e -> Arrays.stream(e.valuesNanos).allMatch(v -> v == 0);
        };
    }

    /** Always the same value. */
    record Constant(long valueNanos) implements Distribution {
        @Override
        public long sampleNanos(SplittableRandom random) {
            return valueNanos;
        }

        @Override
        public double expectedNanos() {
            return valueNanos;
        }

        @Override
        public String spec() {
            return "const(" + Durations.toMillisText(valueNanos) + "ms)";
        }
    }

    /** Uniform on [low, high]. */
    record Uniform(long lowNanos, long highNanos) implements Distribution {
        @Override
        public long sampleNanos(SplittableRandom random) {
            return lowNanos + Math.round(random.nextDouble() * (highNanos - lowNanos));
        }

        @Override
        public double expectedNanos() {
            return (lowNanos + (double) highNanos) / 2;
        }

        @Override
        public String spec() {
            return "uniform(" + Durations.toMillisText(lowNanos) + "ms," + Durations.toMillisText(highNanos) + "ms)";
        }
    }

    /** Exponential with the given mean. */
    record Exponential(long meanNanos) implements Distribution {
        @Override
        public long sampleNanos(SplittableRandom random) {
            // 1 - u lies in (0, 1], so the logarithm is finite.
            return Math.round(-meanNanos * Math.log(1.0 - random.nextDouble()));
        }

        @Override
        public double expectedNanos() {
            return meanNanos;
        }

        @Override
        public String spec() {
            return "exp(" + Durations.toMillisText(meanNanos) + "ms)";
        }
    }

    /**
     * Normal with the given mean and standard deviation, truncated at 0 by rejection (negative
     * draws are drawn again), so the result is the normal conditioned on being non-negative.
     * The mean must be non-negative, so at least half of all draws are accepted.
     */
    record TruncatedNormal(long meanNanos, long stddevNanos) implements Distribution {
        @Override
        public long sampleNanos(SplittableRandom random) {
            while (true) {
                double x = meanNanos + stddevNanos * random.nextGaussian();
                if (x >= 0) {
                    return Math.round(x);
                }
            }
        }

        @Override
        public double expectedNanos() {
            // The mean of the untruncated normal; used only to rank nodes for "nearest".
            return meanNanos;
        }

        @Override
        public String spec() {
            return "normal(" + Durations.toMillisText(meanNanos) + "ms," + Durations.toMillisText(stddevNanos) + "ms)";
        }
    }

    /** Draws one of the given observed values, each with equal probability. */
    record Empirical(String source, long[] valuesNanos) implements Distribution {
        public Empirical {
            valuesNanos = valuesNanos.clone();
        }

        @Override
        public long sampleNanos(SplittableRandom random) {
            return valuesNanos[random.nextInt(valuesNanos.length)];
        }

        @Override
        public double expectedNanos() {
            return Arrays.stream(valuesNanos).average().orElse(0);
        }

        @Override
        public String spec() {
            return "empirical(" + source + ")";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && e.source.equals(source) && Arrays.equals(e.valuesNanos, valuesNanos);
        }

        @Override
        public int hashCode() {
            return source.hashCode() * 31 + Arrays.hashCode(valuesNanos);
        }

        @Override
        public String toString() {
            return spec();
        }
    }
}
