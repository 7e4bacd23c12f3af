package org.openmark.metrics;

import org.openmark.load.Gauges;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;

/**
 * Live metrics as one more sink of a process's interval collector (as timeseries.csv is): each
 * interval goes to {@link RunMetrics} as the run's own rows, with the load model's live counts.
 * Closing it does not stop the endpoint, which outlives the phase (the command closes it after
 * the results are written).
 */
public final class MetricsSink implements IntervalSink {
    private final RunMetrics metrics;
    private final RunFacts facts;
    private Gauges gauges;

    public MetricsSink(RunMetrics metrics, RunFacts facts) {
        this.metrics = metrics;
        this.facts = facts;
    }

    @Override
    public void phaseStarted(Gauges g) {
        this.gauges = g;
        metrics.phaseStarted(facts);
    }

    @Override
    public void interval(IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp) {
        metrics.interval(RunMetrics.RUN, snapshot, elapsedSeconds, inFlight, warmUp);
        if (gauges != null) {
            metrics.loadCounts(gauges.waitedForSlot(), gauges.dropped());
        }
    }

    @Override
    public void close() {
    }
}
