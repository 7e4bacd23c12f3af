package org.openmark.run;

/**
 * What the text report says about how the run was asked for: why it runs its model, and which of the
 * closed model's latencies YCSB's {@code measurement.interval} asks for.
 *
 * @param modelReason why the model was chosen, or null when not known (a worker's part of a cluster
 *     run, a result written before this existed)
 * @param interval the closed model's latency blocks
 */
public record ReportForm(ModelReason modelReason, MeasurementInterval interval) {
    /**
     * A result that does not say: the blocks openmark printed before measurement.interval was read (a
     * paced closed run prints both).
     */
    public static final ReportForm UNSTATED = new ReportForm(null, MeasurementInterval.BOTH);
}
