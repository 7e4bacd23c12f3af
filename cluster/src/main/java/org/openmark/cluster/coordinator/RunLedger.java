package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.measure.IntervalSnapshot;

/**
 * The accounting of one run over the session's workers: who has prepared and who is ready, each
 * worker's intervals merged on the run's timeline as they come ({@link IntervalMerger}), who
 * reported its result and who was lost with what it delivered, and, once every worker reported or
 * was lost, how the run ended ({@link Ending}). Plain: the run's actor ({@link RunActor}) hands in
 * what the workers said, and says and sends what follows; the times are its clock's. A test drives
 * it without actors.
 *
 * <p>It keeps the run's part of each {@link WorkerSlot}, owned by the run's actor while the run goes
 * on (see {@link RunActor} for what the coordinator's actor reads meanwhile).
 */
final class RunLedger {
    /**
     * How a run ended, as the coordinator's actor learns it.
     *
     * @param outcome how the run ended, or null when it failed
     * @param failure why the run failed, or null
     * @param workerLost a worker was lost during the run (no later run may start)
     * @param sessionBroken why the session cannot go on (a worker went before the run started), or null
     */
    record Ending(CoordinatorOutcome outcome, CoordinatorOutcome.Failure failure, boolean workerLost,
            String sessionBroken) {

        /** The run cannot go on (a worker could not prepare, or it was stopped before it started); the session can. */
        static Ending failed(String message, boolean badInput, boolean storeUnreachable) {
            return new Ending(null, new CoordinatorOutcome.Failure(message, badInput, storeUnreachable), false, null);
        }

        /** The run cannot go on, and neither can the session (a worker went before the run started). */
        static Ending sessionBroken(String message) {
            return new Ending(null, new CoordinatorOutcome.Failure(message, false), false, message);
        }
    }

    private final RunSetup setup;
    private final Roster workers;
    private final Clock clock;
    /** Made when the start instant is set. */
    private IntervalMerger merger;
    /** The common start instant, by the coordinator's clock ({@link Clock#nanoTime()}). */
    private long runStartNanos;
    /** Why the run was stopped, once it was (null: it was not). */
    private String stopReason;

    /** A run of {@code setup} over {@code workers}, each of which forgets the previous run. */
    RunLedger(RunSetup setup, Roster workers, Clock clock) {
        this.setup = setup;
        this.workers = workers;
        this.clock = clock;
        for (WorkerSlot w : workers) {
            w.resetForRun();
        }
    }

    /** The worker a message names, or null for an index nobody was admitted under. */
    WorkerSlot worker(int index) {
        return workers.byIndex(index);
    }

    /** A worker opened its store; once every one has, how each is to load it (else null). */
    Load prepared(Prepared p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w == null) {
            return null;
        }
        w.prepared = true;
        w.knownEmpty = p.knownEmpty();
        w.embedded = p.embedded();
        return workers.all(x -> x.prepared) ? LoadDecision.decide(setup.phase(), setup.autoload(), workers) : null;
    }

    /** A worker is ready; true once every one is. */
    boolean ready(int index) {
        WorkerSlot w = workers.byIndex(index);
        if (w == null) {
            return false;
        }
        w.ready = true;
        return workers.all(x -> x.ready);
    }

    /**
     * The common start instant, in microseconds of the coordinator's wall clock, when it reads
     * {@code nowMicros}: the run's margin plus two of the slowest worker's round trips later, so that
     * every worker has its start instant in time.
     */
    long startMicros(long nowMicros) {
        long maxRtt = workers.view().stream().mapToLong(x -> x.rttMicros).max().orElse(0);
        return nowMicros + setup.startMargin().toNanos() / 1000 + 2 * maxRtt;
    }

    /** The run starts at {@code startMicros} of the wall clock, which is {@code runStartNanos} of the coordinator's clock. */
    void start(long startMicros, long runStartNanos) {
        this.runStartNanos = runStartNanos;
        merger = new IntervalMerger(RunTimeline.of(startMicros / 1000, setup.granularity(), setup.warmup()),
                workers.size());
    }

    /** A worker's interval: merged where its time says, and written; one sent again is counted once. */
    void interval(IntervalReport r) {
        WorkerSlot w = stillReporting(r.index());
        if (w == null || !merger.accepts(w.index, r.seq())) {
            return;
        }
        long t0 = clock.nanoTime();
        IntervalSnapshot s = r.interval().toSnapshot(-w.offsetMicros / 1000);
        w.interval(s, r.warmUp(), r.cpuPercent(), clock.nanoTime());
        List<IntervalMerger.Merged> merged = merger.add(w.index, r.seq(), s, r.elapsedSeconds(), r.inFlight(),
                r.warmUp(), r.cpuPercent());
        // What the coordinator pays per interval: decoding and adding (the files are not counted).
        setup.costs().interval(r.interval().bytes(), clock.nanoTime() - t0);
        setup.output().worker(w, s, r.elapsedSeconds(), r.inFlight(), r.warmUp());
        emit(merged);
    }

    /** A worker's result; false when it does not count (an unknown worker, one lost, or one that reported already). */
    boolean done(Done d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return false;
        }
        w.result = d.result().toRunResult(-w.offsetMicros / 1000);
        w.cpuPercent = d.cpuPercent();
        w.stopReason = d.stopReason();
        emit(merger.close(w.index));
        return true;
    }

    /** A worker's staleness measurement; false when it does not count (as {@link #done}). */
    boolean stalenessDone(StalenessDone d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return false;
        }
        w.staleness = d.result().toResult();
        w.storeFacts = d.storeFacts() == null ? Map.of() : Map.copyOf(d.storeFacts());
        w.cpuPercent = d.cpuPercent();
        w.liveness.heard(clock.nanoTime());
        emit(merger.close(w.index));
        return true;
    }

    /**
     * Worker {@code w} went away or failed while the run went on: what it delivered stays, the rest
     * is lost with it. False when it had reported or was lost already.
     */
    boolean lose(WorkerSlot w, String why) {
        if (w.lost() || w.reported()) {
            return false;
        }
        w.liveness.lose(why, clock.nanoTime(), runStartNanos);
        emit(merger.close(w.index));
        return true;
    }

    /** The run is stopped, for {@code reason}; false when it was stopped before (the first reason stays). */
    boolean stop(String reason) {
        if (stopReason != null) {
            return false;
        }
        stopReason = reason;
        return true;
    }

    /** The workers that have neither reported nor been lost. */
    List<WorkerSlot> outstanding() {
        List<WorkerSlot> out = new ArrayList<>();
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                out.add(w);
            }
        }
        return out;
    }

    /** True once every worker reported or was lost. */
    boolean over() {
        return outstanding().isEmpty();
    }

    /** The run is over: its last spans are written, and its outcome is every worker as it ended. */
    Ending end() {
        emit(merger.flush());
        return new Ending(new CoordinatorOutcome(workers.copy(), runStartNanos, merger.timeline(), stopReason != null,
                stopReason), null, workers.any(WorkerSlot::lost), null);
    }

    /** How many worker intervals came after their span had been written, and went into the next one. */
    int movedLater() {
        return merger.movedLater();
    }

    /** The worker a report names, or null when it is unknown, lost, or has reported already. */
    private WorkerSlot stillReporting(int index) {
        WorkerSlot w = workers.byIndex(index);
        return w == null || w.lost() || w.reported() ? null : w;
    }

    private void emit(List<IntervalMerger.Merged> merged) {
        for (IntervalMerger.Merged m : merged) {
            setup.output().merged(m, workers.view());
        }
    }
}
