package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * A worker's part of a run, resolved and validated by the coordinator and typed: the configuration of
 * its share ({@link PlanConfig}: the run's with {@code share=i/n}, derived by the coordinator), which it
 * runs as it is, so it runs exactly what a single process would for that share.
 *
 * @param run the run's number in the session (1, 2, …)
 * @param replyTo the run's own actor: the worker tells it everything about this run
 * @param config what this worker runs
 * @param index the worker's index (0-based)
 * @param count how many workers the run has
 */
public record Plan(int run, ActorRef<ToRun> replyTo, PlanConfig config, int index, int count) implements ToWorker {
}
