package org.openmark.run;

import java.util.ArrayList;
import java.util.List;
import org.openmark.measure.LatencyKind;
import org.openmark.output.LatencyBlock;

/**
 * The latency blocks a run's text report prints for each operation, which YCSB's outputs follow
 * (one {@code .hdr} file and one time series per block): the open model's {@code [READ]} (from the
 * intended start) and {@code [SERVICE-READ]}; the closed model's {@code [READ]} (YCSB's, from the
 * actual start) and {@code [Intended-READ]} as {@code measurement.interval} asks for them.
 */
public final class ReportBlocks {
    private ReportBlocks() {
    }

    /** The blocks of {@code cfg}'s report, the operation's own ({@code [READ]}) first when it is printed. */
    public static List<LatencyBlock> of(RunConfig cfg) {
        List<LatencyBlock> blocks = new ArrayList<>();
        if (cfg.model() instanceof Model.Open) {
            blocks.add(new LatencyBlock("", LatencyKind.RESPONSE, true));
            blocks.add(new LatencyBlock("SERVICE-", LatencyKind.SERVICE, false));
            return blocks;
        }
        MeasurementInterval interval = cfg.output().form().interval();
        if (interval.printsActual()) {
            blocks.add(new LatencyBlock("", LatencyKind.SERVICE, true));
        }
        if (interval == MeasurementInterval.INTENDED || interval.printsIntended() && cfg.pacedClosedRun()) {
            blocks.add(new LatencyBlock("Intended-", LatencyKind.RESPONSE, false));
        }
        return blocks;
    }
}
