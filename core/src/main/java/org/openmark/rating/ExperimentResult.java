package org.openmark.rating;

import java.time.Duration;
import java.util.Objects;

/**
 * The outcome of one experiment at one load level.
 *
 * @param loadLevel threads T (closed model) or arrival rate λ in whole ops/s (open model)
 * @param throughputOpsPerSec measured throughput, finite and {@code >= 0}
 * @param slaMet whether the measurement met the SLA's latency and unpredictable-read bounds
 * @param valid false when the load generator itself was the bottleneck (the number is not the
 *     store's and must not be rated); an invalid experiment never meets the SLA
 * @param invalidReason why the experiment is invalid; empty when valid
 * @param slaLatencyNanos latency at the SLA's percentile as measured, also in an invalid
 *     experiment (shown, not judged); {@link Long#MAX_VALUE} when no operation finished, so no
 *     latency bounds them (a store that answered nothing, a curve's zero throughput)
 * @param duration how long the measurement lasted
 */
public record ExperimentResult(long loadLevel, double throughputOpsPerSec, boolean slaMet, boolean valid,
        String invalidReason, long slaLatencyNanos, Duration duration) {

    public ExperimentResult {
        Objects.requireNonNull(invalidReason, "invalidReason");
        Objects.requireNonNull(duration, "duration");
        if (loadLevel < 1) {
            throw new IllegalArgumentException("loadLevel=" + loadLevel + ": must be >= 1");
        }
        // Finite and non-negative, so results compare without NaN arithmetic.
        if (!(throughputOpsPerSec >= 0 && throughputOpsPerSec < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("throughputOpsPerSec=" + throughputOpsPerSec
                    + ": must be finite and >= 0");
        }
        if (valid != invalidReason.isEmpty()) {
            throw new IllegalArgumentException("invalidReason='" + invalidReason
                    + "': must be empty exactly when the experiment is valid");
        }
        if (slaLatencyNanos < 0) {
            throw new IllegalArgumentException("slaLatencyNanos=" + slaLatencyNanos + ": must be >= 0");
        }
    }

    /** A valid experiment judged against {@code sla}. */
    public static ExperimentResult measured(long loadLevel, double throughputOpsPerSec, Sla sla,
            ExperimentMeasurement measurement) {
        return new ExperimentResult(loadLevel, throughputOpsPerSec, sla.isMet(measurement), true, "",
                measurement.latencyNanosAt(sla.percentile()), measurement.duration());
    }

    /**
     * A valid experiment in which the store failed its own verdict (failures above the error
     * budget, stalls): whatever its latencies, it did not serve the load, so the SLA is not met.
     */
    public static ExperimentResult storeFailed(long loadLevel, double throughputOpsPerSec, Sla sla,
            ExperimentMeasurement measurement) {
        return new ExperimentResult(loadLevel, throughputOpsPerSec, false, true, "",
                measurement.latencyNanosAt(sla.percentile()), measurement.duration());
    }

    /**
     * An experiment whose load generator was the bottleneck; {@code reason} says how. Its figures
     * are not the store's, so it does not meet the SLA whatever it measured; the latency is kept
     * as measured, for the report.
     */
    public static ExperimentResult invalid(long loadLevel, double throughputOpsPerSec, String reason, Sla sla,
            ExperimentMeasurement measurement) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("reason: an invalid experiment needs a reason");
        }
        return new ExperimentResult(loadLevel, throughputOpsPerSec, false, false, reason,
                measurement.latencyNanosAt(sla.percentile()), measurement.duration());
    }

    /** This result, or a {@link RatingException} naming the load, the reason and the remedy. */
    public ExperimentResult requireValid() {
        if (!valid) {
            throw RatingException.invalidExperiment(this);
        }
        return this;
    }
}
