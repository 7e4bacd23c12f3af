package org.openmark.cluster.worker;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Accepted;
import org.openmark.cluster.coordinator.CoordinatorActor.Finish;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.coordinator.RunActor;
import org.openmark.timing.StopSignal;

/**
 * A worker's link to its coordinator, between the actor, which passes on what the coordinator
 * says (from the actor's thread), and the job, which waits for it (on its own thread): the
 * admission, the instructions in the order they came, and whether the coordinator is still
 * there. A coordinator that is merely unreachable (a stall of either process, a short partition)
 * is waited out: the run goes on and its intervals are held ({@link Outbox}) until it is
 * reachable again. Every wait ends with a {@link LostException} once the coordinator is lost
 * (downed, gone, or unreachable beyond the worker's limit) or refuses this worker; losing it also
 * stops the job's issuing at once.
 *
 * <p>Two stop signals: the session's (a stop on this machine, the coordinator lost: nothing more is
 * issued in this session) and the run's ({@link #nextRun}), which the coordinator's {@link
 * CoordinatorActor.Stop} ends: it stops the run under way, and the session's next run starts afresh,
 * as the coordinator's protocol allows.
 */
final class CoordinatorLink {
    /** The coordinator is gone (or refused this worker): the message says why. */
    static final class LostException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LostException(String message) {
            super(message);
        }
    }

    private final CompletableFuture<Accepted> accepted = new CompletableFuture<>();
    /** The coordinator's instructions (Plan, Go, StartAt, Finish), in the order they came. */
    private final LinkedBlockingQueue<CoordinatorActor.ToWorker> inbox = new LinkedBlockingQueue<>();
    /** Completes with the reason when the coordinator is lost or refuses this worker. */
    private final CompletableFuture<String> lost = new CompletableFuture<>();
    /** Set when the coordinator's Finish arrived: its leaving afterwards is the normal end. */
    private volatile boolean sessionEnded;
    private volatile boolean refused;
    /** Set when this node joined a coordinator whose session had ended (see {@link #joinedEndedSession}). */
    private volatile boolean endedSession;
    /** The system uid of the coordinator that admitted this worker, or 0 while none has. */
    private volatile long coordinatorUid;
    /** Why this worker stopped its part on its own (a signal on its machine), or null. */
    private volatile String ownStopReason;
    /** The session's stop signal: set, every run of the session stops (see {@link #nextRun}). */
    private final StopSignal stop;
    /** The stop signal of the run under way (or of the last one). */
    private volatile StopSignal runStop = new StopSignal();
    private final Clock clock;
    private final PrintStream err;
    /** The intervals sent while the coordinator is unreachable; sized by the actor from the node's settings. */
    private volatile Outbox outbox = new Outbox(10_000);
    private volatile boolean unreachable;

    /**
     * @param stop the session's stop signal: the coordinator's loss, or a stop on this machine, stops
     *     the issuing for the rest of the session
     * @param clock times the waits
     */
    CoordinatorLink(StopSignal stop, Clock clock, PrintStream err) {
        this.stop = stop;
        this.clock = clock;
        this.err = err;
    }

    // --- from the actor

    /** How many intervals it holds at most while the coordinator is unreachable (the node's settings). */
    void holdAtMost(int intervals) {
        outbox = new Outbox(intervals);
    }

    /** The coordinator is unreachable (not gone): the run goes on, its intervals are held. */
    void coordinatorUnreachable(String reason) {
        if (!unreachable && !lost.isDone()) {
            unreachable = true;
            outbox.hold();
            say(reason + ": going on, holding the intervals until it is reachable again");
        }
    }

    /** The coordinator is reachable again: what was held goes out, in order. */
    void coordinatorReachable() {
        if (unreachable) {
            // What was held goes out before the job may send its result (awaitReachable), so the result comes last.
            int n = outbox.release();
            unreachable = false;
            long dropped = outbox.dropped();
            say("the coordinator is reachable again; delivered the " + n + " interval(s) held"
                    + (dropped > 0 ? " (" + dropped + " more were dropped: more were held than allowed)" : ""));
        }
    }

    /** Admitted by the coordinator whose node has system uid {@code uid} (0 when it was not found). */
    void accepted(Accepted a, long uid) {
        coordinatorUid = uid;
        accepted.complete(a);
    }

    /**
     * This node joined a coordinator that is ending its session (its last one, at the address a
     * kept worker joins again): the session is void, and a kept worker starts a fresh node for the
     * coordinator that comes next.
     */
    void joinedEndedSession(String reason) {
        if (!accepted.isDone()) {
            endedSession = true;
            lost.complete(reason);
            stopSession();
        }
    }

    /** True when this node joined a coordinator that was ending its session, before being admitted. */
    boolean joinedEnded() {
        return endedSession;
    }

    /** The system uid of the coordinator that admitted this worker, or 0. */
    long coordinatorUid() {
        return coordinatorUid;
    }

    void refused(String reason) {
        refused = true;
        lost.complete("the coordinator refused this worker: " + reason);
    }

    void instruction(CoordinatorActor.ToWorker message) {
        if (message instanceof Finish) {
            sessionEnded = true;
        }
        inbox.add(message);
    }

    /** This worker stops its part on its own (Ctrl-C or SIGTERM on its machine): stop issuing, report. */
    void stopHere(String reason) {
        if (ownStopReason == null) {
            ownStopReason = reason;
        }
        stopSession();
    }

    /** Why this worker stopped its part on its own, or null (it ran to the end, or the coordinator stopped it). */
    String ownStopReason() {
        return ownStopReason;
    }

    /** The coordinator stopped the run: stop issuing, report what there is (the session's next run is not stopped). */
    void stop(String reason) {
        say(reason);
        runStop.stop();
    }

    void coordinatorLost(String reason) {
        if (sessionEnded) {
            return; // the coordinator ended the session and leaves: nothing is lost
        }
        if (lost.complete(reason)) {
            stopSession();
            if (!refused) {
                say(reason + ": stopping now (operations still outstanding get the grace period)");
            }
        }
    }

    /** Nothing more is issued in this session: the run under way stops, and so does any the session starts later. */
    private void stopSession() {
        stop.stop();
        runStop.stop(); // read after the session's signal is set: nextRun() sees one or the other (both volatile)
    }

    // --- for the job

    /**
     * The stop signal of the session's next run, which the job runs it with: a fresh one, so that
     * the coordinator's stop of an earlier run does not stop it; stopped at once when the session is.
     * The job takes it with the run's plan, before it says it is prepared: a running run is stopped
     * only once every worker said it is ready, so its Stop finds this signal. (One stopped before its
     * start is failed by the coordinator, and the next Plan or Finish ends it here: {@link #expect}.)
     */
    StopSignal nextRun() {
        StopSignal s = new StopSignal();
        runStop = s;
        if (stop.isStopped()) {
            s.stop();
        }
        return s;
    }

    /** Sends an interval of the run now, or holds it while the coordinator is unreachable. */
    void sendInterval(ActorRef<RunActor.FromWorker> phase, RunActor.IntervalReport message) {
        outbox.send(() -> phase.tell(message));
    }

    /**
     * Waits while the coordinator is unreachable (the actor's limit bounds it); true once it is
     * reachable, false when it was lost instead.
     */
    boolean awaitReachable() throws InterruptedException {
        while (unreachable && !lost.isDone()) {
            try {
                lost.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look again
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        return !lost.isDone();
    }

    /** True once the coordinator's Finish arrived: the session ended, and the coordinator leaves. */
    boolean sessionEnded() {
        return sessionEnded;
    }

    /** True when the coordinator went away (or refused this worker). */
    boolean gone() {
        return lost.isDone();
    }

    /** Why the coordinator is gone. */
    String goneReason() {
        return lost.getNow("the coordinator was lost");
    }

    /** True when the coordinator refused this worker. */
    boolean refusedThis() {
        return refused;
    }

    /** Waits to be admitted; a stop on this machine (Ctrl-C) ends the wait. */
    Accepted awaitAccepted(Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (true) {
            throwIfGone();
            if (stop.isStopped() && !accepted.isDone()) {
                throw new LostException("stopped before a coordinator admitted this worker");
            }
            try {
                return accepted.get(Math.min(100_000_000L, Math.max(1, deadline - clock.nanoTime())),
                        TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (clock.nanoTime() >= deadline) {
                    throw e;
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** The next instruction of type {@code type} for run {@code run}; others of older runs are dropped. */
    <T extends CoordinatorActor.ToWorker> T expect(Class<T> type, int run) throws InterruptedException, TimeoutException {
        while (true) {
            CoordinatorActor.ToWorker next = next(Duration.ofHours(24));
            if (type.isInstance(next) && runOf(next) == run) {
                return type.cast(next);
            }
            if (next instanceof Finish || next instanceof Plan) {
                // The coordinator gave this run up (another worker failed): end it here.
                inbox.add(next);
                throw new LostException("the coordinator ended run " + run + " before it started");
            }
        }
    }

    private static int runOf(CoordinatorActor.ToWorker message) {
        return message instanceof RunActor.Go g ? g.run() : message instanceof RunActor.StartAt s ? s.run() : -1;
    }

    /** The next instruction, whatever it is. */
    CoordinatorActor.ToWorker next(Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (true) {
            throwIfGone();
            CoordinatorActor.ToWorker m = inbox.poll(100, TimeUnit.MILLISECONDS);
            if (m != null) {
                return m;
            }
            if (clock.nanoTime() >= deadline) {
                throw new TimeoutException();
            }
        }
    }

    private void throwIfGone() {
        if (lost.isDone()) {
            throw new LostException(goneReason());
        }
    }

    private void say(String line) {
        err.println("openmark worker: " + line);
    }
}
