package org.openmark.cluster.protocol;

import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * A worker's part of a run, resolved and validated by the coordinator: the run's properties
 * (seed, store, workload, model, rate or threads, duration…) with {@code share=i/n} added. The
 * worker parses them as any run's, so it runs exactly what a single process would for that share.
 *
 * @param run the run's number in the session (1, 2, …)
 * @param replyTo the run's own actor: the worker tells it everything about this run
 */
public record Plan(int run, ActorRef<ToRun> replyTo, PlanPhase phase, Map<String, String> settings, int index,
        int count) implements ToWorker {
}
