package org.openmark.cluster.protocol;

import java.util.Map;

/**
 * A worker's part of the run, resolved and validated by the coordinator: the run's properties
 * (seed, store, workload, model, rate or threads, duration…) with {@code share=i/n} added. The
 * worker parses them as any run's, so it runs exactly what a single process would for that share.
 *
 * @param run the run's number in the session (1, 2, …): later messages about the run carry it
 * @param phase {@code LOAD} or {@code RUN}
 */
public record Plan(int run, String phase, Map<String, String> settings, int index, int count) implements ToWorker {
}
