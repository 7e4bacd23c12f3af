package org.openmark.cluster.worker;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.openmark.api.Clock;
import org.openmark.cluster.HostPort;

/**
 * One session of a worker, as its process asks the worker's actor for it ({@link WorkerActor#create}).
 *
 * @param secret the shared secret, or null
 * @param join the coordinator's address, which this node joins
 * @param joinTimeout how long it waits to be admitted, or null: as long as it takes (a kept worker)
 * @param endedCoordinators system uids of the coordinators this worker served before (a kept worker's
 *     earlier sessions): one of them found at {@code join} is ending its session, not starting one
 * @param partialDir where a partial result goes when the coordinator is lost
 * @param ownLogs where the worker keeps its own interval log of each run, or null
 * @param watch what watches each phase live (the worker's --metrics)
 * @param err where the worker's lines go
 * @param clock the time every run of this worker reads
 * @param ended completed with how the session ended
 */
record WorkerSetup(byte[] secret, HostPort join, Duration joinTimeout, Set<Long> endedCoordinators, Path partialDir,
        Path ownLogs, PhaseWatch watch, PrintStream err, Clock clock, CompletableFuture<SessionEnd> ended) {

    /**
     * How a session ended.
     *
     * @param code the worker's exit code: 0 done, 1 the coordinator was lost or a run failed, 2 refused
     * @param joinedEnded the node joined a coordinator that was ending its session instead (not a session at all)
     * @param coordinatorUid the system uid of the coordinator served (0: none)
     * @param coordinatorGone the coordinator went away, refused this worker or ended the session: there is
     *     no cluster left to leave gracefully (a kept worker that tried met the next session's coordinator
     *     while still a member of the last one's cluster, and the new coordinator never saw it join)
     */
    record SessionEnd(int code, boolean joinedEnded, long coordinatorUid, boolean coordinatorGone) {
    }

    /** The session ended so; the actor hears nothing more. */
    <T> Behavior<T> end(SessionEnd end) {
        ended.complete(end);
        return Behaviors.ignore();
    }

    /** One line of the worker's, for the person at its machine. */
    void say(String line) {
        err.println("openmark worker: " + line);
    }
}
