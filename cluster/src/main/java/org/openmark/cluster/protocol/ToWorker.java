package org.openmark.cluster.protocol;

/**
 * What the coordinator, and the actor of each of its runs, say to a worker (over the network, as
 * CBOR): the admission ({@link Challenge}, {@link Accepted}, {@link Refused}), the clock probes
 * ({@link Ping}), a run's steps ({@link Plan}, {@link Go}, {@link StartAt}, {@link Stop}) and the
 * session's end ({@link Finish}).
 */
public sealed interface ToWorker extends ClusterMessage permits Challenge, Accepted, Refused, Ping, Plan, Go,
        StartAt, Stop, Finish {
}
