package org.openmark.rating;

import java.time.Duration;
import java.util.Objects;

/**
 * An {@link Experimenter} that answers from a {@link Curve}, for dry runs and tests. Latency
 * follows Little's law for a closed system with no think time: mean response time R = T / X
 * (load over throughput; unbounded when X is 0), reported as the latency at the SLA's percentile
 * (a simplification: a synthetic curve has no distribution). Loads above the curve's SLA cap fail
 * the SLA; no read is unpredictable. Every experiment lasts δ, a confirmation lasts Δ.
 */
public final class CurveExperimenter implements Experimenter {
    private final Curve curve;
    private final Sla sla;
    private final Duration experimentLength;

    public CurveExperimenter(Curve curve, Sla sla, Duration experimentLength) {
        this.curve = Objects.requireNonNull(curve, "curve");
        this.sla = Objects.requireNonNull(sla, "sla");
        this.experimentLength = Objects.requireNonNull(experimentLength, "experimentLength");
    }

    @Override
    public ExperimentResult run(long loadLevel) {
        return answer(loadLevel, experimentLength, false);
    }

    @Override
    public ExperimentResult confirm(long loadLevel, Duration sustain) {
        return answer(loadLevel, sustain, true);
    }

    private ExperimentResult answer(long load, Duration length, boolean sustained) {
        double throughput = curve.throughputAt(load);
        long latencyNanos = throughput > 0 ? Math.round(load * 1e9 / throughput) : Long.MAX_VALUE;
        ExperimentMeasurement m = ExperimentMeasurement.atPercentile(sla.percentile(), latencyNanos, 0.0, length);
        boolean met = (sustained ? sla.isSustained(m) : sla.isMet(m)) && load <= curve.slaCapLoad();
        return new ExperimentResult(load, throughput, met, true, "", latencyNanos, length);
    }
}
