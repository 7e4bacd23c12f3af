package org.openmark.rating;

import java.time.Duration;
import java.util.Objects;

/**
 * What an experiment measured that an {@link Sla} judges: latency by percentile, the fraction of
 * unpredictable reads, and how long the measurement lasted.
 *
 * @param latency latency in nanoseconds at a percentile (a histogram's percentile function, or
 *     {@link #atPercentile} when only one percentile was measured)
 * @param unpredictableFraction unpredictable (stale or wrong) reads over all reads, in [0, 1]
 * @param duration how long the measurement lasted (warm-up excluded)
 */
public record ExperimentMeasurement(LatencyPercentiles latency, double unpredictableFraction, Duration duration) {

    /** Latency in nanoseconds at a percentile in (0, 100]. */
    @FunctionalInterface
    public interface LatencyPercentiles {
        /** The latency in nanoseconds that {@code percentile}% of requests did not exceed. */
        long latencyNanosAt(double percentile);
    }

    public ExperimentMeasurement {
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(duration, "duration");
        if (!(unpredictableFraction >= 0 && unpredictableFraction <= 1)) {
            throw new IllegalArgumentException("unpredictableFraction=" + unpredictableFraction + ": must be in [0, 1]");
        }
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration=" + duration + ": must be >= 0");
        }
    }

    /**
     * A measurement that knows the latency at one percentile only; asking for another percentile
     * is a programming error (it would silently judge the wrong number), so it throws.
     */
    public static ExperimentMeasurement atPercentile(double percentile, long latencyNanos,
            double unpredictableFraction, Duration duration) {
        LatencyPercentiles one = p -> {
            if (p != percentile) {
                throw new IllegalArgumentException("latency measured at " + RatingFormat.percentile(percentile)
                        + " only, asked for " + RatingFormat.percentile(p));
            }
            return latencyNanos;
        };
        return new ExperimentMeasurement(one, unpredictableFraction, duration);
    }

    /** The latency in nanoseconds at {@code percentile}. */
    public long latencyNanosAt(double percentile) {
        return latency.latencyNanosAt(percentile);
    }
}
