package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.BehaviorBuilder;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.Leaving;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.config.Durations;

/**
 * The coordinator of a cluster session, as an actor, one behavior per stage: {@link #joining}
 * admits workers ({@link Admission}) until it has {@code count}; {@link #syncing} waits until their
 * clock offsets are known (a child actor measures them, and goes on for the whole session:
 * {@link ClockProbeActor}); then {@link #idle} and {@link #inRun} alternate, one run after another
 * as the session asks ({@link BeginRun}), each run a child actor ({@link RunActor}) that hands out
 * the plans, starts every worker at one instant, merges their intervals and hands back the run's
 * {@link CoordinatorOutcome}; {@link #closed} once nothing more can run, where the session's end
 * waits until every worker has its {@link Finish}. A message a stage has no use for has no handler
 * there. A rating or an experiment runs many phases over the same workers. What the workers say
 * comes over the network ({@link ToCoordinator}) and in through the actor's adapter
 * ({@link FromWorker}).
 *
 * <p>A worker lost outside a running phase fails the session; during it, the run goes on without it
 * ({@link OnWorkerLoss#CONTINUE}) or stops ({@link OnWorkerLoss#ABORT}), and later runs of the
 * session are refused.
 */
public final class CoordinatorActor {
    /** What the coordinator's actor handles: what its workers and its session say, and its own timers and events. */
    public sealed interface Command permits FromWorker, BeginRun, StopRun, EndSession, JoinTimedOut, ClocksSettled,
            MemberChanged, WorkerTerminated, RunEnded, RunFailed {
    }

    /**
     * A worker's message (from the network), as the actor's adapter hands it on: the workers know the
     * coordinator by that adapter, registered under {@link ToCoordinator#KEY} and sent in {@link Accepted}.
     */
    public record FromWorker(ToCoordinator message) implements Command {
    }

    /** Starts a run (from the session's thread). */
    public record BeginRun(RunSetup run) implements Command {
    }

    /** Ctrl-C (or the caller) stops the current run: every worker stops issuing and reports. */
    public record StopRun(String reason) implements Command {
    }

    /**
     * The session is over: the workers may exit.
     *
     * @param workersLeaving completed once every worker told so said it leaves ({@link Leaving}) or has gone
     *     (its actor stopped, or its node left): the coordinator's node may go after that without a worker
     *     taking it for lost
     */
    public record EndSession(boolean success, CompletableFuture<Void> workersLeaving) implements Command {

        /** The session is over; nobody waits for the workers to go. */
        public EndSession(boolean success) {
            this(success, new CompletableFuture<>());
        }
    }

    /**
     * The run's actor is done ({@link RunActor}), and says how the run ended. The coordinator completes
     * the run's outcome itself, once it has left the run: a session that begins its next run as soon as
     * it has the outcome finds the coordinator between runs, not still in the last one.
     */
    record RunEnded(RunLedger.Ending ending) implements Command {
    }

    /** The run's actor failed (a defect): its run fails, and so does the session. */
    private record RunFailed(RunSetup run) implements Command {
    }

    /** Every worker's clock offset is known well enough ({@link ClockProbeActor}); {@code offsets} for the log. */
    record ClocksSettled(String offsets) implements Command {
    }

    private enum JoinTimedOut implements Command { INSTANCE }

    private record MemberChanged(MemberEvents.Change change) implements Command {
    }

    private record WorkerTerminated(int index) implements Command {
    }

    private final ActorContext<Command> ctx;
    private final SessionSetup setup;
    private final TimerScheduler<Command> timers;
    private final Clock clock;
    private final Roster workers = new Roster();
    private final Admission admission;
    /** The child that probes the workers' clocks, once they are all admitted. */
    private ActorRef<ClockProbeActor.Command> prober;
    /** Where the workers' messages come in: the actor itself, as the workers' protocol names it. */
    private final ActorRef<ToCoordinator> inbox;
    private int runNumber;
    private String sessionBroken;
    /** Who waits for the workers to leave once told to finish ({@link EndSession#workersLeaving}). */
    private final List<CompletableFuture<Void>> awaitingLeave = new ArrayList<>();

    private CoordinatorActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, SessionSetup setup, Clock clock,
            MemberEvents members) {
        this.ctx = ctx;
        this.setup = setup;
        this.timers = timers;
        this.clock = clock;
        this.admission = new Admission(setup.secret(), setup.count(), this::say);
        this.inbox = ctx.messageAdapter(ToCoordinator.class, FromWorker::new);
        ctx.getSystem().receptionist().tell(Receptionist.register(ToCoordinator.KEY, inbox));
        members.subscribe(ctx, MemberChanged::new);
        timers.startSingleTimer(JoinTimedOut.INSTANCE, setup.joinTimeout());
    }

    /** The coordinator, reading time from {@code clock}, hearing of its workers' nodes from Pekko Cluster. */
    public static Behavior<Command> create(SessionSetup setup, Clock clock) {
        return create(setup, clock, MemberEvents.CLUSTER);
    }

    /** The coordinator; {@code members}: where it hears of its workers' nodes (a test sends the changes itself). */
    static Behavior<Command> create(SessionSetup setup, Clock clock, MemberEvents members) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(
                timers -> new CoordinatorActor(ctx, timers, setup, clock, members).joining()));
    }

    // --- the stages

    /** Until {@code count} workers are admitted. */
    private Behavior<Command> joining() {
        return untilJoined(Behaviors.receive(Command.class)
                .onMessage(FromWorker.class, f -> fromWorker(f, true))
                .onMessageEquals(JoinTimedOut.INSTANCE, () -> breakSession("only " + workers.size() + " of "
                        + setup.count() + " workers joined within " + Durations.format(setup.joinTimeout()) + ": start"
                        + " them with bin/openmark worker --join <this address> (and the same --cluster-secret-file),"
                        + " or raise --join-timeout")))
                .build();
    }

    /** Every worker is admitted; their clocks are probed until the offsets are known well enough. */
    private Behavior<Command> syncing() {
        return untilJoined(Behaviors.receive(Command.class)
                .onMessage(ClocksSettled.class, this::joined)
                .onMessage(FromWorker.class, f -> fromWorker(f, false)))
                .build();
    }

    /**
     * What joining and syncing both handle: no run can begin yet, a stop or a worker that goes ends
     * the session.
     */
    private BehaviorBuilder<Command> untilJoined(BehaviorBuilder<Command> stage) {
        return stage
                .onMessage(StopRun.class, s -> breakSession("stopped while the workers joined: " + s.reason()))
                .onMessage(BeginRun.class, b -> refuse(b, "the session's workers have not all joined yet"))
                .onMessage(EndSession.class, this::endSession)
                .onMessage(MemberChanged.class, c -> memberChanged(c, goneOutsideARun("before the run started")))
                .onMessage(WorkerTerminated.class, t -> terminated(t, goneOutsideARun("before the run started")));
    }

    /** Between runs: the clocks are still probed (the offsets tighten), a run may begin. */
    private Behavior<Command> idle() {
        return Behaviors.receive(Command.class)
                .onMessage(BeginRun.class, this::beginRun)
                .onMessage(FromWorker.class, f -> fromWorker(f, false))
                .onMessage(EndSession.class, this::endSession)
                .onMessage(MemberChanged.class, c -> memberChanged(c, goneOutsideARun("between runs")))
                .onMessage(WorkerTerminated.class, t -> terminated(t, goneOutsideARun("between runs")))
                .build();
    }

    /**
     * A run is under way in its actor, {@code runActor}. A worker seen to go is the run's to account for; it is
     * also noted ({@link WorkerLiveness#wentAway}), so that one the run no longer took (it had ended, or the
     * worker had reported) still ends the session once the run is over.
     */
    private Behavior<Command> inRun(ActorRef<RunActor.Command> runActor, RunSetup run) {
        BiFunction<WorkerSlot, String, Behavior<Command>> lose = (w, why) -> {
            w.liveness.wentAway(why);
            runActor.tell(new RunActor.WorkerGone(w.index, why));
            return Behaviors.same();
        };
        return Behaviors.receive(Command.class)
                .onMessage(RunEnded.class, e -> runEnded(runActor, run, e.ending()))
                .onMessage(RunFailed.class, f -> {
                    f.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure("the coordinator failed"
                            + " during run " + runNumber + " (a defect: see its log)", false));
                    return breakSession("the coordinator failed during run " + runNumber);
                })
                .onMessage(StopRun.class, s -> {
                    runActor.tell(new RunActor.StopRun(s.reason()));
                    return Behaviors.same();
                })
                .onMessage(BeginRun.class, b -> refuse(b, "a run is already under way"))
                .onMessage(FromWorker.class, f -> fromWorker(f, false))
                .onMessage(EndSession.class, e -> {
                    ctx.unwatch(runActor);
                    ctx.stop(runActor);
                    return endSession(e);
                })
                .onMessage(MemberChanged.class, c -> memberChanged(c, lose))
                .onMessage(WorkerTerminated.class, t -> terminated(t, lose))
                .build();
    }

    /**
     * Nothing more can run in this session; the workers are told to go when it ends, and the end
     * waits until they have gone.
     */
    private Behavior<Command> closed() {
        return Behaviors.receive(Command.class)
                .onMessage(BeginRun.class, b -> refuse(b, sessionBroken != null ? sessionBroken
                        : "the session has ended"))
                .onMessage(FromWorker.class, f -> fromWorker(f, false))
                .onMessage(EndSession.class, this::endSession)
                .onMessage(MemberChanged.class, c -> memberChanged(c, this::left))
                .onMessage(WorkerTerminated.class, t -> terminated(t, this::left))
                .build();
    }

    /** A worker's message in a stage that admits workers ({@code joining}) or not. */
    private Behavior<Command> fromWorker(FromWorker f, boolean joining) {
        return switch (f.message()) {
            case Hello h -> admit(admission.hello(h, joining, workers, sessionBroken));
            case Register r -> admit(admission.register(r, joining, sessionBroken));
            case Leaving l -> left(workers.byIndex(l.index()), null);
        };
    }

    // --- joining

    /** Admits {@code candidate} (null: nobody, the worker was refused or challenged). */
    private Behavior<Command> admit(WorkerSlot candidate) {
        if (candidate == null) {
            return Behaviors.same();
        }
        WorkerSlot slot = workers.admit(candidate);
        setup.admitted().set(workers.size());
        ctx.watchWith(slot.ref, new WorkerTerminated(slot.index));
        slot.ref.tell(new Accepted(slot.index, setup.count(), inbox));
        say("worker " + slot.name() + " joined from " + slot.address + " (" + slot.host + ", " + slot.cores
                + " cores, pid " + slot.pid + "); " + workers.size() + " of " + setup.count());
        if (workers.size() < setup.count()) {
            return Behaviors.same();
        }
        timers.cancel(JoinTimedOut.INSTANCE);
        prober = ctx.spawn(ClockProbeActor.create(workers, clock, ctx.getSelf()), "clocks");
        return syncing();
    }

    private Behavior<Command> joined(ClocksSettled s) {
        say("clock offsets (worker − coordinator): " + s.offsets());
        setup.joined().complete(workers.copy());
        return idle();
    }

    // --- runs

    private Behavior<Command> beginRun(BeginRun b) {
        runNumber++;
        ActorRef<RunActor.Command> runActor = ctx.spawn(RunActor.create(runNumber, b.run(), workers,
                setup.onLoss(), clock, setup.err(), ctx.getSelf()), "run-" + runNumber);
        ctx.watchWith(runActor, new RunFailed(b.run()));
        return inRun(runActor, b.run());
    }

    private Behavior<Command> runEnded(ActorRef<RunActor.Command> runActor, RunSetup run, RunLedger.Ending e) {
        ctx.unwatch(runActor);
        ctx.stop(runActor);
        Behavior<Command> next = afterTheRun(e);
        // Completed only now, the next stage chosen: the session's next BeginRun is handled by it.
        if (e.failure() != null) {
            run.outcome().completeExceptionally(e.failure());
        } else {
            run.outcome().complete(e.outcome());
        }
        return next;
    }

    /** Where the session goes once a run ended: on to another run, or to its end. */
    private Behavior<Command> afterTheRun(RunLedger.Ending e) {
        if (e.sessionBroken() != null) {
            return breakSession(e.sessionBroken());
        }
        if (e.workerLost()) {
            sessionBroken = "a worker was lost in run " + runNumber + ": the session cannot run more phases";
            stopProbing();
            return closed();
        }
        for (WorkerSlot w : workers) {
            if (!w.lost() && w.liveness.wentAway() != null) { // it went after its part, or as the run ended
                return goneOutsideARun("between runs").apply(w, w.liveness.wentAway());
            }
        }
        return idle();
    }

    private Behavior<Command> refuse(BeginRun b, String why) {
        b.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure(why, false));
        return Behaviors.same();
    }

    // --- membership

    private Behavior<Command> memberChanged(MemberChanged c, BiFunction<WorkerSlot, String, Behavior<Command>> gone) {
        WorkerSlot w = workers.at(c.change().address());
        if (w == null) {
            return Behaviors.same();
        }
        switch (c.change()) {
            case MemberEvents.Left l -> {
                return w.lost() ? Behaviors.same() : gone.apply(w, "left the cluster (" + l.how() + ")");
            }
            case MemberEvents.Unreachable u -> {
                if (w.liveness.unreachable(clock.nanoTime())) {
                    say(w.who() + " is unreachable");
                }
            }
            case MemberEvents.Reachable r -> {
                if (w.liveness.reachable()) {
                    say(w.who() + " is reachable again");
                }
            }
        }
        return Behaviors.same();
    }

    /** The worker's actor is gone (its node left or was downed). */
    private Behavior<Command> terminated(WorkerTerminated t, BiFunction<WorkerSlot, String, Behavior<Command>> gone) {
        WorkerSlot w = workers.get(t.index());
        return w.lost() ? Behaviors.same() : gone.apply(w, "its process or machine went away");
    }

    /** A worker that goes outside a run ({@code when}: before it, or between runs) ends the session. */
    private BiFunction<WorkerSlot, String, Behavior<Command>> goneOutsideARun(String when) {
        return (w, why) -> {
            w.liveness.gone();
            return breakSession(w.who() + " " + why + " " + when);
        };
    }

    // --- ending

    private Behavior<Command> endSession(EndSession e) {
        workers.finish(e.success(), e.success() ? null : "the coordinator's command failed");
        stopProbing();
        awaitingLeave.add(e.workersLeaving());
        left(null, null);
        return closed();
    }

    /** Worker {@code w} (null: none) leaves, or went, once told to finish; once all have, the end is told. */
    private Behavior<Command> left(WorkerSlot w, String why) {
        if (w != null) {
            workers.left(w);
        }
        if (workers.allLeft()) {
            awaitingLeave.forEach(f -> f.complete(null));
            awaitingLeave.clear();
        }
        return Behaviors.same();
    }

    /** Nothing more can run in this session: the workers are let go, saying why. */
    private Behavior<Command> breakSession(String message) {
        sessionBroken = message;
        stopProbing();
        setup.joined().completeExceptionally(new CoordinatorOutcome.Failure(message, false));
        workers.finish(false, message);
        return closed();
    }

    /** No clock is probed any more, and no timer of the session runs. */
    private void stopProbing() {
        timers.cancelAll();
        if (prober != null) {
            ctx.stop(prober);
        }
    }

    private void say(String line) {
        setup.err().println("openmark cluster: " + line);
    }
}
