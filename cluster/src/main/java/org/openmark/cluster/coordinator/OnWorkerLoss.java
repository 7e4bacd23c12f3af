package org.openmark.cluster.coordinator;

/** What the coordinator does when a worker goes away during the run. */
public enum OnWorkerLoss {
    /** Finish with the others; the report marks the worker lost, with the time it went. */
    CONTINUE,
    /** Stop every worker and report what was measured until then (the run is invalid). */
    ABORT
}
