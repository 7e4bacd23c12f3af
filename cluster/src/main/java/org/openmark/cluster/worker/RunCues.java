package org.openmark.cluster.worker;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.timing.StopSignal;

/**
 * One run as the worker's actor and the run's work ({@link RunJob}, on a thread of its own) share
 * it: the coordinator's cues the work waits for ({@link Go}, {@link StartAt}), the run's stop
 * signal, and why this worker stopped on its own. The actor gives the cues as they arrive; the
 * work waits on them (each is a future the actor completes: no queue, no polling). When the run is
 * given up before it started (the coordinator failed it, or was lost), the actor abandons it, and
 * whatever the work waits for ends with {@link Abandoned}.
 *
 * <p>Each run has a stop signal of its own, so that the coordinator's {@link
 * org.openmark.cluster.protocol.Stop} of one run does not stop the session's next run.
 */
final class RunCues {
    /** The run was given up before the work had what it waited for; the message says why. */
    static final class Abandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abandoned(String message) {
            super(message);
        }
    }

    private final int run;
    private final StopSignal stop = new StopSignal();
    private final CompletableFuture<Load> go = new CompletableFuture<>();
    private final CompletableFuture<Long> startAt = new CompletableFuture<>();
    /** Why this worker stopped its part on its own (a signal on its machine), or null. */
    private volatile String stoppedHere;

    /** The cues of run {@code run} of the session (1, 2, …). */
    RunCues(int run) {
        this.run = run;
    }

    int run() {
        return run;
    }

    /** The run's stop signal: the work issues until it is set. */
    StopSignal stop() {
        return stop;
    }

    // --- from the actor

    /** The coordinator's {@link Go}: load as decided. */
    void go(Load load) {
        go.complete(load);
    }

    /** The coordinator's {@link StartAt}: the common start instant, in this machine's wall clock. */
    void startAt(long epochMicros) {
        startAt.complete(epochMicros);
    }

    /** Stop issuing now and report what there is (the coordinator's stop, or the session's). */
    void stopNow() {
        stop.stop();
    }

    /** This worker stops its part on its own (Ctrl-C or SIGTERM on its machine), for {@code reason}. */
    void stopHere(String reason) {
        if (stoppedHere == null) {
            stoppedHere = reason;
        }
        stop.stop();
    }

    /** The run is given up, for {@code why}: what the work waits for ends, and it stops issuing. */
    void abandon(String why) {
        go.completeExceptionally(new Abandoned(why));
        startAt.completeExceptionally(new Abandoned(why));
        stop.stop();
    }

    // --- for the work

    /** Waits for the coordinator's {@link Go}; how to load. */
    Load awaitGo() throws InterruptedException {
        return await(go);
    }

    /** Waits for the coordinator's {@link StartAt}; the start instant in this machine's wall clock (epoch µs). */
    long awaitStartAt() throws InterruptedException {
        return await(startAt);
    }

    /** Why this worker stopped its part on its own, or null (it ran to the end, or the coordinator stopped it). */
    String stoppedHere() {
        return stoppedHere;
    }

    private static <T> T await(CompletableFuture<T> cue) throws InterruptedException {
        try {
            return cue.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Abandoned a ? a : new IllegalStateException(e.getCause());
        }
    }
}
