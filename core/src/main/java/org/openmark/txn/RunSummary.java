package org.openmark.txn;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.run.OpResult;
import org.openmark.run.RunResult;

/**
 * The figures of one run that {@link TxnOverhead} compares.
 *
 * @param throughputPerSec completed operations per second
 * @param operations latency of OK outcomes per operation name
 */
public record RunSummary(double throughputPerSec, Map<String, LatencySummary> operations) {

    public RunSummary {
        operations = Map.copyOf(operations);
    }

    /**
     * The summary of a run result, using the latencies its text report shows first: response
     * times (from the intended start) under the open model, service times under the closed one.
     * Names with no OK outcome are left out.
     */
    public static RunSummary of(RunResult result) {
        Map<String, LatencySummary> ops = new TreeMap<>();
        for (OpResult op : result.operations()) {
            Histogram h = result.openModel() ? op.okResponse() : op.okService();
            if (h.getTotalCount() > 0) {
                ops.put(op.name(), new LatencySummary(h.getMean(), h.getValueAtPercentile(50),
                        h.getValueAtPercentile(99)));
            }
        }
        return new RunSummary(result.throughput(), ops);
    }
}
