package org.openmark.cluster.worker;

import org.openmark.cluster.protocol.ToRun;
import org.openmark.run.RunResult;

/** How a worker's share of one run ended, as its work ({@link RunJob}) hands it to the worker's actor. */
sealed interface RunEnd {
    /**
     * The share was measured: what the run's actor is to be told, once the coordinator can hear it.
     *
     * @param report the result ({@link org.openmark.cluster.protocol.Done} or its staleness form)
     * @param result what a load or run phase measured, written locally should the coordinator be lost
     *     before it has the report (null for a staleness measurement)
     */
    record Measured(ToRun report, RunResult result) implements RunEnd {
    }

    /**
     * Nothing to report: the worker told the run's actor it failed, or the run was given up before it
     * started.
     *
     * @param why what the worker says of it, or null (the failure was told)
     */
    record Unreported(String why) implements RunEnd {
    }
}
