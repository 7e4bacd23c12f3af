package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.ClusterMessage;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.config.Durations;
import org.openmark.measure.IntervalSnapshot;

/**
 * One run of the session over its workers, from the plans handed out to the outcome, as a child of
 * the coordinator's actor, one behavior per step: {@link #preparing} (each worker opens its store)
 * → {@link #loading} (each loads as decided, then says it is ready) → {@link #running} (its
 * intervals are merged as they arrive, then each reports its result). Each run is an actor of its
 * own, so what a worker says about a run reaches that run only: a late message of a run that is over
 * goes nowhere. During {@link #running} a worker that goes away or fails is lost: the run keeps what
 * it delivered and goes on without it ({@link OnWorkerLoss#CONTINUE}) or stops ({@link
 * OnWorkerLoss#ABORT}). Before it a failure ends the run (the session can run another); a worker
 * that goes before it ends the session.
 *
 * <p>Implementation notes: the run's fields of each {@link WorkerSlot} (prepared, ready, its
 * intervals and result) belong to this actor while it runs. The coordinator's actor, meanwhile,
 * still probes the clocks (the offsets it writes are volatile) and hears the cluster's membership
 * ({@link WorkerLiveness} is thread-safe); a worker it sees go it passes on ({@link WorkerGone}). It
 * reads the slots again only after this actor said it ended ({@link CoordinatorActor.RunEnded}).
 */
public final class RunActor {
    /** What a run's actor handles: what the workers say about the run, and what the coordinator passes on. */
    public sealed interface Command permits FromWorker, StopRun, WorkerGone, DoneTimedOut {
    }

    /** What a worker says about the run (over the network, as CBOR). */
    public sealed interface FromWorker extends Command, ClusterMessage permits Prepared, Failed, Ready, IntervalReport,
            Done, StalenessDone {
    }

    /**
     * The worker opened its store and built its workload.
     *
     * @param knownEmpty the store knows the workload's table holds no records
     * @param embedded the store lives in the worker's process (each worker has its own)
     */
    public record Prepared(int index, boolean knownEmpty, boolean embedded) implements FromWorker {
    }

    /**
     * The worker cannot do its part.
     *
     * @param badInput true when a property was refused (the run's input is at fault, exit code 2)
     * @param storeUnreachable true when the worker's pre-flight found the store not answering (exit code 4)
     */
    public record Failed(int index, String reason, boolean badInput, boolean storeUnreachable) implements FromWorker {

        /** A failure that is not the store's refusal to answer. */
        public Failed(int index, String reason, boolean badInput) {
            this(index, reason, badInput, false);
        }
    }

    /** Load as the coordinator decided, then get ready ({@link Ready}). */
    public record Go(int run, Load load) implements CoordinatorActor.ToWorker {
    }

    /** The worker's store is open and loaded; it waits for {@link StartAt}. */
    public record Ready(int index) implements FromWorker {
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
    public record IntervalReport(int index, int seq, IntervalWire interval, double elapsedSeconds, long inFlight,
            boolean warmUp, double cpuPercent) implements FromWorker {
    }

    /**
     * The worker's phase ended; its whole result.
     *
     * @param cpuPercent the worker process's CPU use over the phase, in percent of its cores (-1 unknown)
     * @param stopReason why the worker stopped its part before its end (a signal on its machine, the
     *     coordinator's stop), or null when it ran its part to the end
     */
    public record Done(int index, ResultWire result, double cpuPercent, String stopReason) implements FromWorker {
    }

    /**
     * The worker's part of a staleness measurement ended: what it measured, and what its store said
     * about itself.
     *
     * @param cpuPercent the worker process's CPU use over the measurement, in percent of its cores (-1 unknown)
     */
    public record StalenessDone(int index, StalenessWire result, Map<String, String> storeFacts, double cpuPercent)
            implements FromWorker {
    }

    /** Ctrl-C (or the caller): a running run stops and reports; one not started yet fails. */
    record StopRun(String reason) implements Command {
    }

    /** The coordinator saw worker {@code index} go (its node left, or its actor stopped). */
    record WorkerGone(int index, String why) implements Command {
    }

    /** The workers did not all report within {@link RunSetup#doneTimeout()} of the stop. */
    private enum DoneTimedOut implements Command { INSTANCE }

    private final ActorContext<Command> ctx;
    private final TimerScheduler<Command> timers;
    private final int number;
    private final RunSetup setup;
    private final Roster workers;
    private final OnWorkerLoss onLoss;
    private final Clock clock;
    private final PrintStream err;
    private final ActorRef<CoordinatorActor.Command> coordinator;
    /** Made when the start instant is set. */
    private IntervalMerger merger;
    /** The common start instant, by the coordinator's clock ({@link Clock#nanoTime()}). */
    private long runStartNanos;
    /** Why the run was stopped, once it was (null: it was not). */
    private String stopReason;

    private RunActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, int number, RunSetup setup,
            Roster workers, OnWorkerLoss onLoss, Clock clock, PrintStream err,
            ActorRef<CoordinatorActor.Command> coordinator) {
        this.ctx = ctx;
        this.timers = timers;
        this.number = number;
        this.setup = setup;
        this.workers = workers;
        this.onLoss = onLoss;
        this.clock = clock;
        this.err = err;
        this.coordinator = coordinator;
    }

    /**
     * Run {@code number} of the session over {@code workers}, which hands every worker its plan at
     * once; it tells {@code coordinator} when it is over ({@link CoordinatorActor.RunEnded}).
     */
    static Behavior<Command> create(int number, RunSetup setup, Roster workers, OnWorkerLoss onLoss, Clock clock,
            PrintStream err, ActorRef<CoordinatorActor.Command> coordinator) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new RunActor(ctx, timers, number, setup,
                workers, onLoss, clock, err, coordinator).begin()));
    }

    // --- the steps

    /** Hands every worker its plan: the run's settings with its share. */
    private Behavior<Command> begin() {
        for (WorkerSlot w : workers) {
            w.resetForRun();
            Map<String, String> settings = new HashMap<>(setup.settings());
            settings.put("share", (w.index + 1) + "/" + workers.size());
            w.ref.tell(new CoordinatorActor.Plan(number, ctx.getSelf().narrow(), setup.phase(), settings, w.index,
                    workers.size()));
        }
        return preparing();
    }

    /** Each worker opens its store and says what it found. */
    private Behavior<Command> preparing() {
        return Behaviors.receive(Command.class)
                .onMessage(Prepared.class, this::prepared)
                .onMessage(Failed.class, this::failedBeforeTheStart)
                .onMessage(StopRun.class, this::stopBeforeTheStart)
                .onMessage(WorkerGone.class, this::goneBeforeTheStart)
                .build();
    }

    /** Each worker loads as decided, then says it is ready. */
    private Behavior<Command> loading() {
        return Behaviors.receive(Command.class)
                .onMessage(Ready.class, this::ready)
                .onMessage(Failed.class, this::failedBeforeTheStart)
                .onMessage(StopRun.class, this::stopBeforeTheStart)
                .onMessage(WorkerGone.class, this::goneBeforeTheStart)
                .build();
    }

    /** The workers run their shares: their intervals are merged as they come, then each reports. */
    private Behavior<Command> running() {
        return Behaviors.receive(Command.class)
                .onMessage(IntervalReport.class, this::interval)
                .onMessage(Done.class, this::done)
                .onMessage(StalenessDone.class, this::stalenessDone)
                .onMessage(Failed.class, this::failedWhileRunning)
                .onMessage(StopRun.class, s -> {
                    stopAll(s.reason());
                    return Behaviors.same();
                })
                .onMessage(WorkerGone.class, g -> lose(workers.get(g.index()), g.why()))
                .onMessageEquals(DoneTimedOut.INSTANCE, this::doneTimedOut)
                .build();
    }

    private Behavior<Command> prepared(Prepared p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w == null) {
            return Behaviors.same();
        }
        w.prepared = true;
        w.knownEmpty = p.knownEmpty();
        w.embedded = p.embedded();
        if (!workers.all(x -> x.prepared)) {
            return Behaviors.same();
        }
        Load load = LoadDecision.decide(setup.phase(), setup.autoload(), workers);
        for (WorkerSlot x : workers) {
            x.ref.tell(new Go(number, load));
        }
        if (load != Load.NONE) {
            say(load == Load.ALL ? "each worker loads its own store (the store is embedded in each worker)"
                    : "the workers load the shared store, each its part of the key range");
        }
        return loading();
    }

    /** A worker is ready; once all are, every one is told the common start instant in its own clock. */
    private Behavior<Command> ready(Ready r) {
        WorkerSlot ready = workers.byIndex(r.index());
        if (ready == null) {
            return Behaviors.same();
        }
        ready.ready = true;
        if (!workers.all(x -> x.ready)) {
            return Behaviors.same();
        }
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
        return running();
    }

    private Behavior<Command> interval(IntervalReport r) {
        WorkerSlot w = stillReporting(r.index());
        if (w == null || !merger.accepts(w.index, r.seq())) {
            return Behaviors.same(); // a worker's held interval sent again is counted once
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
        return Behaviors.same();
    }

    private Behavior<Command> done(Done d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return Behaviors.same();
        }
        w.result = d.result().toRunResult(-w.offsetMicros / 1000);
        w.cpuPercent = d.cpuPercent();
        w.stopReason = d.stopReason();
        emit(merger.close(w.index));
        return maybeFinish();
    }

    private Behavior<Command> stalenessDone(StalenessDone d) {
        WorkerSlot w = stillReporting(d.index());
        if (w == null) {
            return Behaviors.same();
        }
        w.staleness = d.result().toResult();
        w.storeFacts = d.storeFacts() == null ? Map.of() : Map.copyOf(d.storeFacts());
        w.cpuPercent = d.cpuPercent();
        w.liveness.heard(clock.nanoTime());
        emit(merger.close(w.index));
        return maybeFinish();
    }

    /** Its phase broke while running: what it delivered stays, as for a lost worker. */
    private Behavior<Command> failedWhileRunning(Failed f) {
        WorkerSlot w = workers.byIndex(f.index());
        if (w == null) {
            return Behaviors.same();
        }
        say("worker " + w.name() + " (" + w.address + ") failed: " + f.reason());
        return lose(w, "failed: " + f.reason());
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

    private void stopAll(String reason) {
        if (stopReason != null) {
            return;
        }
        stopReason = reason;
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                w.ref.tell(new CoordinatorActor.Stop(reason));
            }
        }
        timers.startSingleTimer(DoneTimedOut.INSTANCE, setup.doneTimeout());
    }

    private Behavior<Command> doneTimedOut() {
        for (WorkerSlot w : workers) {
            if (!w.lost() && !w.reported()) {
                lose(w, "did not report within " + Durations.format(setup.doneTimeout()) + " of the stop");
            }
        }
        return maybeFinish();
    }

    /** Worker {@code w} went away or failed while running: what it delivered stays, the rest is lost with it. */
    private Behavior<Command> lose(WorkerSlot w, String why) {
        if (w.lost() || w.reported()) {
            return Behaviors.same();
        }
        w.liveness.lose(why, clock.nanoTime(), runStartNanos);
        say("worker " + w.name() + " (" + w.address + ") lost: " + w.lostReason());
        emit(merger.close(w.index));
        if (onLoss == OnWorkerLoss.ABORT) {
            stopAll("worker " + w.name() + " was lost (--on-worker-loss abort)");
        }
        return maybeFinish();
    }

    /** Once every worker reported or was lost: the last spans are written and the run's outcome handed on. */
    private Behavior<Command> maybeFinish() {
        if (workers.any(w -> !w.lost() && !w.reported())) {
            return Behaviors.same();
        }
        timers.cancelAll();
        emit(merger.flush());
        if (merger.movedLater() > 0) {
            say(merger.movedLater() + " worker interval(s) came after their span had been written and went"
                    + " into the next one");
        }
        return ended(new CoordinatorActor.RunEnded(new CoordinatorOutcome(workers.copy(), runStartNanos,
                merger.timeline(), stopReason != null, stopReason), null, workers.any(WorkerSlot::lost), null));
    }

    // --- before the start

    private Behavior<Command> failedBeforeTheStart(Failed f) {
        if (f.storeUnreachable()) {
            // The worker's own words name the store and what its driver said.
            return fail(f.reason(), false, true);
        }
        WorkerSlot w = workers.byIndex(f.index());
        String who = w == null ? "a worker" : "worker " + w.name() + " (" + w.address + ")";
        return fail(who + ": " + f.reason(), f.badInput(), false);
    }

    private Behavior<Command> stopBeforeTheStart(StopRun s) {
        for (WorkerSlot w : workers) {
            w.ref.tell(new CoordinatorActor.Stop(s.reason()));
        }
        return fail("stopped before the run started: " + s.reason(), false, false);
    }

    /** A worker that goes before the run started ends the session: the run cannot be split again without it. */
    private Behavior<Command> goneBeforeTheStart(WorkerGone g) {
        WorkerSlot w = workers.get(g.index());
        w.liveness.gone();
        String message = "worker " + w.name() + " (" + w.address + ") " + g.why() + " before the run started";
        return ended(new CoordinatorActor.RunEnded(null, new CoordinatorOutcome.Failure(message, false), false,
                message));
    }

    /** The run cannot go on (a worker could not prepare, or it was stopped before it started); the session can. */
    private Behavior<Command> fail(String message, boolean badInput, boolean storeUnreachable) {
        return ended(new CoordinatorActor.RunEnded(null, new CoordinatorOutcome.Failure(message, badInput,
                storeUnreachable), false, null));
    }

    /**
     * Tells the coordinator the run is over and how; the coordinator completes the run's outcome. From
     * now on, whatever comes about this run goes unheard.
     */
    private Behavior<Command> ended(CoordinatorActor.RunEnded how) {
        timers.cancelAll();
        coordinator.tell(how);
        return Behaviors.ignore();
    }

    private void say(String line) {
        err.println("openmark cluster: " + line);
    }
}
