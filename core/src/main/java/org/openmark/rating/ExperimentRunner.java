package org.openmark.rating;

import java.io.IOException;
import org.openmark.api.Store;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.workload.Workload;

/**
 * Where the rating's experiments run their measured run phase, once the store is loaded and
 * warmed: in this process against the store it opened, or spread over a cluster's workers (each
 * opens the store itself; the rating's own store then serves loading and reloading only). The
 * phase itself is {@link org.openmark.run.PhaseRunner}'s either way.
 */
@FunctionalInterface
public interface ExperimentRunner {
    RunResult run(RunConfig cfg, Workload workload, Store store) throws InterruptedException, IOException;
}
