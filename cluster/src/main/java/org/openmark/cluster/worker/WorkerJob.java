package org.openmark.cluster.worker;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Accepted;
import org.openmark.cluster.coordinator.CoordinatorActor.Finish;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.worker.CoordinatorLink.LostException;
import org.openmark.config.Durations;
import org.openmark.timing.StopSignal;

/**
 * What a worker does, on a thread of its own: wait to be admitted, then do each plan the
 * coordinator sends ({@link PhaseJob}, {@link StalenessJob}) until it lets the worker go. The
 * actor feeds the coordinator's messages to its {@link CoordinatorLink}; every wait also ends when
 * the coordinator is lost.
 *
 * <p>Exit codes of {@link #run}: 0 done, 1 the coordinator was lost or the run failed (a partial
 * result is written locally), 2 the coordinator refused this worker.
 */
final class WorkerJob {
    /** The session's stop signal (each run has one of its own besides: {@link CoordinatorLink#nextRun}). */
    private final StopSignal stop = new StopSignal();
    private final CoordinatorLink link;
    private final Duration joinTimeout;
    private final Path partialDir;
    private final Path ownLogs;
    private final PhaseWatch watch;
    private final PrintStream err;
    private final Clock clock;

    /**
     * @param partialDir where a partial result goes when the coordinator is lost
     * @param ownLogs where the worker keeps its own interval log of each run, or null
     * @param watch what watches each phase live
     * @param clock the time every run of this worker reads
     */
    WorkerJob(Duration joinTimeout, Path partialDir, Path ownLogs, PhaseWatch watch, PrintStream err, Clock clock) {
        this.watch = watch;
        this.joinTimeout = joinTimeout;
        this.partialDir = partialDir;
        this.ownLogs = ownLogs;
        this.err = err;
        this.clock = clock;
        this.link = new CoordinatorLink(stop, clock, err);
    }

    /** What the actor passes the coordinator's messages to. */
    CoordinatorLink link() {
        return link;
    }

    /**
     * True when the coordinator went away (or refused this worker), or ended the session: it is
     * leaving, so there is no cluster left to leave gracefully. A kept worker that tried (up to
     * 10 s) met the next session's coordinator at the same address while still a member of the
     * last session's cluster, and the new coordinator never saw it join.
     */
    boolean coordinatorGone() {
        return link.gone() || link.sessionEnded();
    }

    /** Ctrl-C on the worker: stop issuing, report what there is. */
    void interrupt() {
        link.stopHere("interrupted on its machine (SIGINT or SIGTERM)");
    }

    /** Does the worker's part of every run of the session; returns its exit code. */
    int run(String joinAddress) throws InterruptedException {
        Accepted admitted;
        try {
            admitted = link.awaitAccepted(joinTimeout);
        } catch (TimeoutException e) {
            say("could not join the coordinator at " + joinAddress + " within " + Durations.format(joinTimeout)
                    + ": is it running (bin/openmark run --cluster " + joinAddress + " ...), is the address right,"
                    + " and does it listen on an address this machine can reach?");
            return 1;
        } catch (LostException e) {
            say(e.getMessage());
            return link.refusedThis() ? 2 : 1;
        }
        say("joined as worker-" + (admitted.index() + 1) + " of " + admitted.count() + "; waiting for the plan");
        int code = 0;
        try {
            while (true) {
                CoordinatorActor.ToWorker next = link.next(Duration.ofHours(24));
                if (next instanceof Finish f) {
                    if (!f.success() && f.reason() != null) {
                        say("the coordinator ended the session: " + f.reason());
                    }
                    return f.success() ? code : Math.max(code, 1);
                }
                if (next instanceof Plan p) {
                    code = Math.max(code, runPlan(p, admitted.index()));
                    if (link.gone()) {
                        return 1;
                    }
                }
                // A Go or StartAt of a run that failed before it started: nothing to do.
            }
        } catch (LostException e) {
            say(e.getMessage());
            return 1;
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        }
    }

    /** One run: prepare, load as told, wait at the gate, run, report. Returns 0, or 1 when it failed. */
    private int runPlan(Plan p, int index) throws InterruptedException {
        StopSignal runStop = link.nextRun();
        if (p.phase() == PlanPhase.STALENESS) {
            return new StalenessJob(link, runStop, clock, err).run(p, p.replyTo(), index);
        }
        return new PhaseJob(link, runStop, clock, partialDir, ownLogs, watch, err).run(p, p.replyTo(), index);
    }

    private void say(String line) {
        err.println("openmark worker: " + line);
    }
}
