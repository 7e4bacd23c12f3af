package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.measure.IntervalSnapshot;

/**
 * One run of the session over its workers, from the plans handed out to the outcome: PREPARING
 * (each worker opens its store) → LOADING (each loads as decided, then says it is ready) → RUNNING
 * (its intervals are merged as they arrive, then each reports its result) → ENDED. During RUNNING
 * a worker that goes away or fails is lost: the run keeps what it delivered and goes on without
 * it ({@link OnWorkerLoss#CONTINUE}) or stops ({@link OnWorkerLoss#ABORT}). Before RUNNING a
 * failure ends the run (the session can run another).
 *
 * <p>The coordinator's actor owns it (one thread at a time) and passes it the messages of this
 * run only.
 */
public final class PhaseRun {
    private enum Step { PREPARING, LOADING, RUNNING, ENDED }

    /** What a worker says about the run under way (over the network, as CBOR). */
    public sealed interface FromWorker extends CoordinatorActor.FromWorker permits Prepared, Failed, Ready,
            IntervalReport, Done, StalenessDone {
    }

    /**
     * The worker opened its store and built its workload.
     *
     * @param knownEmpty the store knows the workload's table holds no records
     * @param embedded the store lives in the worker's process (each worker has its own)
     */
    public record Prepared(int run, int index, boolean knownEmpty, boolean embedded) implements FromWorker {
    }

    /**
     * The worker cannot do its part.
     *
     * @param badInput true when a property was refused (the run's input is at fault, exit code 2)
     * @param storeUnreachable true when the worker's pre-flight found the store not answering (exit code 4)
     */
    public record Failed(int run, int index, String reason, boolean badInput, boolean storeUnreachable)
            implements FromWorker {

        /** A failure that is not the store's refusal to answer. */
        public Failed(int run, int index, String reason, boolean badInput) {
            this(run, index, reason, badInput, false);
        }
    }

    /** Load as the coordinator decided, then get ready ({@link Ready}). */
    public record Go(int run, Load load) implements CoordinatorActor.ToWorker {
    }

    /** The worker's store is open and loaded; it waits for {@link StartAt}. */
    public record Ready(int run, int index) implements FromWorker {
    }

    /**
     * Start the phase at this instant of the worker's own wall clock (the coordinator's start
     * instant plus the worker's measured clock offset), so that every worker starts together.
     */
    public record StartAt(int run, long workerEpochMicros) implements CoordinatorActor.ToWorker {
    }

    /**
     * One status interval of a worker, as it was collected: every histogram, lossless.
     *
     * @param seq 0, 1, 2, … in order
     * @param elapsedSeconds since the worker's phase started, at the interval's end
     * @param inFlight the worker's outstanding operations at the interval's end
     * @param cpuPercent the worker process's CPU use over the interval, in percent of its cores (-1 unknown)
     */
    public record IntervalReport(int run, int index, int seq, IntervalWire interval, double elapsedSeconds,
            long inFlight, boolean warmUp, double cpuPercent) implements FromWorker {
    }

    /**
     * The worker's phase ended; its whole result.
     *
     * @param cpuPercent the worker process's CPU use over the phase, in percent of its cores (-1 unknown)
     * @param stopReason why the worker stopped its part before its end (a signal on its machine, the
     *     coordinator's stop), or null when it ran its part to the end
     */
    public record Done(int run, int index, ResultWire result, double cpuPercent, String stopReason)
            implements FromWorker {
    }

    /**
     * The worker's part of a staleness measurement ended: what it measured, and what its store said
     * about itself.
     *
     * @param cpuPercent the worker process's CPU use over the measurement, in percent of its cores (-1 unknown)
     */
    public record StalenessDone(int run, int index, StalenessWire result, Map<String, String> storeFacts,
            double cpuPercent) implements FromWorker {
    }

    /** The workers did not all report within {@link RunSetup#doneTimeout()} of the stop. */
    record DoneTimedOut(int run) implements CoordinatorActor.Command {
    }

    /** What the run tells the session it belongs to. */
    interface Owner {
        /** The run is over; {@code workerLost}: it finished with a worker lost in it. */
        void ended(boolean workerLost);
    }

    private final int number;
    private final RunSetup setup;
    private final Roster workers;
    private final OnWorkerLoss onLoss;
    private final TimerScheduler<CoordinatorActor.Command> timers;
    private final Clock clock;
    private final PrintStream err;
    private final Owner owner;
    /** Made when the start instant is set (null before). */
    private IntervalMerger merger;
    private Step step = Step.PREPARING;
    /** The common start instant, by the coordinator's clock ({@link Clock#nanoTime()}). */
    private long runStartNanos;
    private boolean stopping;
    private String stopReason;

    PhaseRun(int number, RunSetup setup, Roster workers, OnWorkerLoss onLoss, TimerScheduler<CoordinatorActor.Command> timers,
            Clock clock, PrintStream err, Owner owner) {
        this.number = number;
        this.setup = setup;
        this.workers = workers;
        this.onLoss = onLoss;
        this.timers = timers;
        this.clock = clock;
        this.err = err;
        this.owner = owner;
    }

    int number() {
        return number;
    }

    RunSetup setup() {
        return setup;
    }

    /** True while its workers deliver intervals and results (a worker that goes now is lost, not fatal). */
    boolean running() {
        return step == Step.RUNNING;
    }

    /** Hands every worker its plan: the run's settings with its share. */
    void begin() {
        for (WorkerSlot w : workers) {
            w.resetForRun();
            Map<String, String> settings = new HashMap<>(setup.settings());
            settings.put("share", (w.index + 1) + "/" + workers.size());
            w.ref.tell(new CoordinatorActor.Plan(number, setup.phase(), settings, w.index, workers.size()));
        }
    }

    void prepared(Prepared p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w == null) {
            return;
        }
        w.prepared = true;
        w.knownEmpty = p.knownEmpty();
        w.embedded = p.embedded();
        if (workers.all(x -> x.prepared) && step == Step.PREPARING) {
            step = Step.LOADING;
            Load load = LoadDecision.decide(setup.phase(), setup.autoload(), workers);
            for (WorkerSlot x : workers) {
                x.ref.tell(new Go(number, load));
            }
            if (load != Load.NONE) {
                say(load == Load.ALL ? "each worker loads its own store (the store is embedded in each worker)"
                        : "the workers load the shared store, each its part of the key range");
            }
        }
    }

    void failed(Failed f) {
        WorkerSlot w = workers.byIndex(f.index());
        String who = w == null ? "a worker" : "worker " + w.name() + " (" + w.address + ")";
        if (step == Step.RUNNING && w != null) {
            // Its phase broke: keep what it delivered, as for a lost worker.
            say(who + " failed: " + f.reason());
            lose(w, "failed: " + f.reason());
            return;
        }
        if (f.storeUnreachable()) {
            // The worker's own words name the store and what its driver said.
            fail(f.reason(), false, true);
            return;
        }
        fail(who + ": " + f.reason(), f.badInput(), false);
    }

    /** A worker is ready; once all are, every one is told the common start instant in its own clock. */
    void ready(Ready r) {
        WorkerSlot ready = workers.byIndex(r.index());
        if (ready == null) {
            return;
        }
        ready.ready = true;
        if (step == Step.LOADING && workers.all(x -> x.ready)) {
            step = Step.RUNNING;
            long maxRtt = workers.view().stream().mapToLong(x -> x.rttMicros).max().orElse(0);
            long startMicros = EpochMicrosClock.now() + setup.startMargin().toNanos() / 1000 + 2 * maxRtt;
            for (WorkerSlot x : workers) {
                x.ref.tell(new StartAt(number, startMicros + x.offsetMicros));
            }
            runStartNanos = EpochMicrosClock.toNanoTime(startMicros, clock);
            merger = new IntervalMerger(RunTimeline.of(startMicros / 1000, setup.granularity(), setup.warmup()),
                    workers.size());
            say("all " + workers.size() + " workers ready; the run starts at "
                    + Instant.ofEpochSecond(startMicros / 1_000_000, (startMicros % 1_000_000) * 1000));
        }
    }

    void interval(IntervalReport r) {
        WorkerSlot w = stillReporting(r.index());
        if (w == null || merger == null || !merger.accepts(w.index, r.seq())) {
            return; // a worker's queued interval sent again is counted once
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

    void done(Done d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return;
        }
        w.result = d.result().toRunResult(-w.offsetMicros / 1000);
        w.cpuPercent = d.cpuPercent();
        w.stopReason = d.stopReason();
        closeMerger(w);
        maybeFinish();
    }

    void stalenessDone(StalenessDone d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return;
        }
        w.staleness = d.result().toResult();
        w.storeFacts = d.storeFacts() == null ? Map.of() : Map.copyOf(d.storeFacts());
        w.cpuPercent = d.cpuPercent();
        w.liveness.heard(clock.nanoTime());
        closeMerger(w);
        maybeFinish();
    }

    /** The worker a report names, or null when it is unknown, lost, or has reported already. */
    private WorkerSlot stillReporting(int index) {
        WorkerSlot w = workers.byIndex(index);
        return w == null || w.lost() || w.reported() ? null : w;
    }

    private void closeMerger(WorkerSlot w) {
        if (merger != null) {
            emit(merger.close(w.index));
        }
    }

    private void emit(List<IntervalMerger.Merged> merged) {
        for (IntervalMerger.Merged m : merged) {
            setup.output().merged(m, workers.view());
        }
    }

    /** Ctrl-C (or the caller): a running run stops and reports; one not started yet fails. */
    void stop(String reason) {
        if (step == Step.RUNNING) {
            stopAll(reason);
        } else if (step == Step.PREPARING || step == Step.LOADING) {
            for (WorkerSlot w : workers) {
                w.ref.tell(new CoordinatorActor.Stop(reason));
            }
            fail("stopped before the run started: " + reason, false, false);
        }
    }

    private void stopAll(String reason) {
        if (stopping) {
            return;
        }
        stopping = true;
        stopReason = reason;
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                w.ref.tell(new CoordinatorActor.Stop(reason));
            }
        }
        timers.startSingleTimer(new DoneTimedOut(number), setup.doneTimeout());
    }

    void doneTimedOut() {
        if (step != Step.RUNNING) {
            return;
        }
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                lose(w, "did not report within " + setup.doneTimeout().toSeconds() + " s of the stop");
            }
        }
        maybeFinish();
    }

    /** Worker {@code w} went away or failed while running: what it delivered stays, the rest is lost with it. */
    void lose(WorkerSlot w, String why) {
        if (w.lost() || w.reported()) {
            return;
        }
        w.liveness.lose(why, clock.nanoTime(), runStartNanos);
        say("worker " + w.name() + " (" + w.address + ") lost: " + w.lostReason());
        closeMerger(w);
        if (onLoss == OnWorkerLoss.ABORT) {
            stopAll("worker " + w.name() + " was lost (--on-worker-loss abort)");
        }
        maybeFinish();
    }

    private void maybeFinish() {
        if (step != Step.RUNNING) {
            return;
        }
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                return;
            }
        }
        timers.cancel(new DoneTimedOut(number));
        if (merger != null) {
            emit(merger.flush());
            if (merger.movedLater() > 0) {
                say(merger.movedLater() + " worker interval(s) came after their span had been written and went"
                        + " into the next one");
            }
        }
        step = Step.ENDED;
        owner.ended(workers.any(WorkerSlot::lost));
        setup.outcome().complete(new CoordinatorOutcome(workers.copy(), runStartNanos,
                merger == null ? null : merger.timeline(), stopping, stopReason));
    }

    /** The run cannot go on (a worker could not prepare, or it was stopped before it started); the session can. */
    private void fail(String message, boolean badInput, boolean storeUnreachable) {
        timers.cancel(new DoneTimedOut(number));
        step = Step.ENDED;
        owner.ended(false);
        setup.outcome().completeExceptionally(new CoordinatorOutcome.Failure(message, badInput, storeUnreachable));
    }

    private void say(String line) {
        err.println("openmark cluster: " + line);
    }
}
