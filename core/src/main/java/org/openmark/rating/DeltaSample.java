package org.openmark.rating;

import java.util.Map;
import java.util.Objects;

/**
 * What one delta-analyzer run observed.
 *
 * @param throughputOpsPerSec measured throughput, finite and {@code >= 0}
 * @param utilization optional resource utilizations as fractions in [0, 1] by name
 *     (e.g. {@code cpu}, {@code disk}); empty when not measured
 */
public record DeltaSample(double throughputOpsPerSec, Map<String, Double> utilization) {
    public DeltaSample {
        if (!(throughputOpsPerSec >= 0 && Double.isFinite(throughputOpsPerSec))) {
            throw new IllegalArgumentException("throughputOpsPerSec=" + throughputOpsPerSec + ": must be finite and >= 0");
        }
        utilization = Map.copyOf(Objects.requireNonNull(utilization, "utilization"));
        utilization.forEach((name, u) -> {
            if (!(u >= 0 && u <= 1)) {
                throw new IllegalArgumentException("utilization " + name + "=" + u + ": must be in [0, 1]");
            }
        });
    }

    /** A sample with throughput only. */
    public static DeltaSample of(double throughputOpsPerSec) {
        return new DeltaSample(throughputOpsPerSec, Map.of());
    }
}
