package org.openmark.cluster.protocol;

/**
 * What a worker says about one run, to that run's actor on the coordinator (over the network, as
 * CBOR): whether it could prepare, that it is ready, its intervals and its result. The run's actor
 * reference travels in the {@link Plan}, so what is said about a run reaches that run only.
 */
public sealed interface ToRun extends ClusterMessage permits Prepared, Failed, Ready, IntervalReport, Done,
        StalenessDone {
}
