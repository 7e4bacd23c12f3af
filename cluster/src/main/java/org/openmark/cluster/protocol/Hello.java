package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * A worker that found the coordinator introduces itself.
 *
 * @param worker where the worker takes the coordinator's messages
 * @param version the worker's openmark version (the coordinator refuses another)
 * @param host the worker's host name, for the report
 * @param cores the worker's available processors
 * @param pid the worker's process id, so a line of the coordinator's can be tied to a process
 */
public record Hello(ActorRef<ToWorker> worker, String version, String host, int cores, long pid)
        implements ToCoordinator {
}
