package org.openmark.rating;

import java.io.IOException;
import org.openmark.api.Store;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.workload.Workload;

/**
 * Runs one experiment's phase: in this process against the store it opened, or spread over a
 * cluster's workers (each opens the store itself; the rating's own store then serves loading and
 * reloading only).
 */
@FunctionalInterface
public interface PhaseExecutor {
    RunResult run(RunConfig cfg, Workload workload, Store store) throws InterruptedException, IOException;
}
