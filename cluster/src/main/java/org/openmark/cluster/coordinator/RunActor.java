package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Instant;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.PlanConfig;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.Stop;
import org.openmark.cluster.protocol.ToRun;
import org.openmark.config.Durations;
import org.openmark.load.Share;

/**
 * One run of the session over its workers, from the plans handed out to the outcome, as a child of
 * the coordinator's actor, one behavior per step: {@link #preparing} (each worker opens its store)
 * → {@link #loading} (each loads as decided, then says it is ready) → {@link #running} (its
 * intervals are merged as they arrive, then each reports its result). Each run is an actor of its
 * own, whose reference travels in the {@link Plan}, so what a worker says about a run reaches that
 * run only: a late message of a run that is over goes nowhere. During {@link #running} a worker
 * that goes away or fails is lost: the run keeps what it delivered and goes on without it
 * ({@link OnWorkerLoss#CONTINUE}) or stops ({@link OnWorkerLoss#ABORT}). Before it a failure ends
 * the run (the session can run another); a worker that goes before it ends the session. The
 * accounting is the {@link RunLedger}'s; this actor says and sends what follows from it.
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

    /** A worker's message about this run (from the network), as the actor's adapter hands it on. */
    record FromWorker(ToRun message) implements Command {
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
    private final RunLedger ledger;
    private final OnWorkerLoss onLoss;
    private final Clock clock;
    private final PrintStream err;
    private final ActorRef<CoordinatorActor.Command> coordinator;

    private RunActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, int number, RunSetup setup,
            Roster workers, OnWorkerLoss onLoss, Clock clock, PrintStream err,
            ActorRef<CoordinatorActor.Command> coordinator) {
        this.ctx = ctx;
        this.timers = timers;
        this.number = number;
        this.setup = setup;
        this.workers = workers;
        this.ledger = new RunLedger(setup, workers, clock);
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

    /** Hands every worker its plan: the configuration of its share, and where to report (this actor's adapter). */
    private Behavior<Command> begin() {
        ActorRef<ToRun> inbox = ctx.messageAdapter(ToRun.class, FromWorker::new);
        for (WorkerSlot w : workers) {
            PlanConfig share = setup.plans().of(new Share(w.index, workers.size()));
            if (share.kind() != setup.phase()) {
                throw new IllegalStateException("a " + setup.phase() + " run's plan is a " + share.kind() + " plan");
            }
            w.ref.tell(new Plan(number, inbox, share, w.index, workers.size()));
        }
        return preparing();
    }

    /** Each worker opens its store and says what it found. */
    private Behavior<Command> preparing() {
        return beforeTheStart(m -> m instanceof Prepared p ? prepared(p) : Behaviors.unhandled());
    }

    /** Each worker loads as decided, then says it is ready. */
    private Behavior<Command> loading() {
        return beforeTheStart(m -> m instanceof Ready r ? ready(r) : Behaviors.unhandled());
    }

    /**
     * What preparing and loading both handle, {@code step} taking what the workers say of the step: a
     * worker's failure or a stop ends the run, a worker that goes ends the session.
     */
    private Behavior<Command> beforeTheStart(Function<ToRun, Behavior<Command>> step) {
        return Behaviors.receive(Command.class)
                .onMessage(FromWorker.class, f -> f.message() instanceof Failed x ? failedBeforeTheStart(x)
                        : step.apply(f.message()))
                .onMessage(StopRun.class, this::stopBeforeTheStart)
                .onMessage(WorkerGone.class, this::goneBeforeTheStart)
                .build();
    }

    /** The workers run their shares: their intervals are merged as they come, then each reports. */
    private Behavior<Command> running() {
        return Behaviors.receive(Command.class)
                .onMessage(FromWorker.class, f -> switch (f.message()) {
                    case IntervalReport r -> {
                        ledger.interval(r);
                        yield Behaviors.same();
                    }
                    case Done d -> ledger.done(d) ? maybeFinish() : Behaviors.same();
                    case StalenessDone d -> ledger.stalenessDone(d) ? maybeFinish() : Behaviors.same();
                    case Failed x -> failedWhileRunning(x);
                    default -> Behaviors.unhandled();
                })
                .onMessage(StopRun.class, s -> {
                    stopAll(s.reason());
                    return Behaviors.same();
                })
                .onMessage(WorkerGone.class, g -> lose(workers.get(g.index()), g.why()))
                .onMessageEquals(DoneTimedOut.INSTANCE, this::doneTimedOut)
                .build();
    }

    private Behavior<Command> prepared(Prepared p) {
        Load load = ledger.prepared(p);
        if (load == null) {
            return Behaviors.same();
        }
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
        if (!ledger.ready(r.index())) {
            return Behaviors.same();
        }
        long startMicros = ledger.startMicros(EpochMicrosClock.now());
        for (WorkerSlot x : workers) {
            x.ref.tell(new StartAt(number, startMicros + x.offsetMicros));
        }
        ledger.start(startMicros, EpochMicrosClock.toNanoTime(startMicros, clock));
        say("all " + workers.size() + " workers ready; the run starts at "
                + Instant.ofEpochSecond(startMicros / 1_000_000, (startMicros % 1_000_000) * 1000));
        return running();
    }

    /** Its phase broke while running: what it delivered stays, as for a lost worker. */
    private Behavior<Command> failedWhileRunning(Failed f) {
        WorkerSlot w = ledger.worker(f.index());
        if (w == null) {
            return Behaviors.same();
        }
        say(w.who() + " failed: " + f.reason());
        return lose(w, "failed: " + f.reason());
    }

    private void stopAll(String reason) {
        if (!ledger.stop(reason)) {
            return;
        }
        for (WorkerSlot w : ledger.outstanding()) {
            w.ref.tell(new Stop(reason));
        }
        timers.startSingleTimer(DoneTimedOut.INSTANCE, setup.doneTimeout());
    }

    private Behavior<Command> doneTimedOut() {
        for (WorkerSlot w : ledger.outstanding()) {
            lose(w, "did not report within " + Durations.format(setup.doneTimeout()) + " of the stop");
        }
        return maybeFinish();
    }

    /** Worker {@code w} went away or failed while running: what it delivered stays, the rest is lost with it. */
    private Behavior<Command> lose(WorkerSlot w, String why) {
        if (!ledger.lose(w, why)) {
            return Behaviors.same();
        }
        say(w.who() + " lost: " + w.lostReason());
        if (onLoss == OnWorkerLoss.ABORT) {
            stopAll("worker " + w.name() + " was lost (--on-worker-loss abort)");
        }
        return maybeFinish();
    }

    /** Once every worker reported or was lost: the last spans are written and the run's outcome handed on. */
    private Behavior<Command> maybeFinish() {
        if (!ledger.over()) {
            return Behaviors.same();
        }
        RunLedger.Ending ending = ledger.end();
        if (ledger.movedLater() > 0) {
            say(ledger.movedLater() + " worker interval(s) came after their span had been written and went"
                    + " into the next one");
        }
        return ended(ending);
    }

    // --- before the start

    private Behavior<Command> failedBeforeTheStart(Failed f) {
        if (f.storeUnreachable()) {
            // The worker's own words name the store and what its driver said.
            return ended(RunLedger.Ending.failed(f.reason(), false, true));
        }
        WorkerSlot w = ledger.worker(f.index());
        String who = w == null ? "a worker" : w.who();
        return ended(RunLedger.Ending.failed(who + ": " + f.reason(), f.badInput(), false));
    }

    private Behavior<Command> stopBeforeTheStart(StopRun s) {
        for (WorkerSlot w : workers) {
            w.ref.tell(new Stop(s.reason()));
        }
        return ended(RunLedger.Ending.failed("stopped before the run started: " + s.reason(), false, false));
    }

    /** A worker that goes before the run started ends the session: the run cannot be split again without it. */
    private Behavior<Command> goneBeforeTheStart(WorkerGone g) {
        WorkerSlot w = workers.get(g.index());
        w.liveness.gone();
        return ended(RunLedger.Ending.sessionBroken(w.who() + " " + g.why() + " before the run started"));
    }

    /**
     * Tells the coordinator the run is over and how; the coordinator completes the run's outcome. From
     * now on, whatever comes about this run goes unheard.
     */
    private Behavior<Command> ended(RunLedger.Ending how) {
        timers.cancelAll();
        coordinator.tell(new CoordinatorActor.RunEnded(how));
        return Behaviors.ignore();
    }

    private void say(String line) {
        err.println("openmark cluster: " + line);
    }
}
