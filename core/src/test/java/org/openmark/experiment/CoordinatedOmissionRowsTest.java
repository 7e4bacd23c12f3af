package org.openmark.experiment;

import static org.openmark.testing.Derivations.assertAsParsed;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.run.RunConfig;
import org.openmark.timing.StopSignal;

/**
 * The experiment's rows are derived from one configuration in typed form; each is the configuration
 * its properties, as the experiment wrote them out for every row before, resolve to.
 */
class CoordinatedOmissionRowsTest {

    @Test
    void row_openAndEveryClosedThreadCount_asTheirPropertiesParsed() {
        ExperimentConfig cfg = new ExperimentConfig(1000, 20_000, 1250, java.time.Duration.ofSeconds(6),
                java.time.Duration.ofSeconds(1), List.of(1, 4, 16), "0ms", "pareto:2.5", true, Path.of("out"), 42);
        CoordinatedOmissionExperiment experiment = new CoordinatedOmissionExperiment(cfg, new StopSignal(),
                new PrintStream(PrintStream.nullOutputStream()), rc -> {
                    throw new AssertionError("no row runs");
                });

        assertAsParsed(experiment.row(0, Path.of("out", "open")), properties(cfg, 0));
        for (int threads : cfg.threads()) {
            RunConfig row = experiment.row(threads, Path.of("out", "closed-" + threads));
            assertAsParsed(row, properties(cfg, threads));
        }
    }

    /** A row's properties as the experiment wrote them for each row before its rows were derived. */
    private static Map<String, String> properties(ExperimentConfig cfg, int threads) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("store", "sim");
        p.put("sim.maxthroughput", "1250");
        p.put("sim.hiccups", "6000ms:1000ms");
        p.put("sim.latency", cfg.clientLatency());
        p.put("sim.seed", "42");
        p.put("autoload", "false");
        p.put("workload", "core");
        p.put("recordcount", "1000");
        p.put("operationcount", "20000");
        p.put("readproportion", "0");
        p.put("updateproportion", "1");
        p.put("requestdistribution", "uniform");
        p.put("fieldcount", "1");
        p.put("fieldlength", "16");
        p.put("seed", "42");
        p.put("grace", "120s");
        p.put("maxstall", "100%");
        p.put("status.interval", "10");
        p.put("timeseries.granularity", "250");
        if (threads == 0) {
            p.put("model", "open");
            p.put("rate", "1000");
            p.put("arrival", cfg.arrival());
            p.put("maxinflight", "10000");
        } else {
            p.put("model", "closed");
            p.put("threadcount", String.valueOf(threads));
            p.put("target", "1000");
        }
        return p;
    }
}
