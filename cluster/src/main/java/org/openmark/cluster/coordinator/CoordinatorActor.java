package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.CoordinatorCommand;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Pong;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.cluster.protocol.ToCoordinator;

/**
 * The coordinator of a cluster session, as an actor. It admits workers ({@link Admission}) and
 * measures their clock offsets ({@link ClockProbes}); then it runs phases one after another, as
 * the session asks ({@link BeginRun}), each a {@link PhaseRun} that hands out the plans, starts
 * every worker at one instant, merges their intervals and completes the run's
 * {@link CoordinatorOutcome}. It notices a worker that goes away ({@link WorkerLiveness}). A
 * rating or an experiment runs many phases over the same workers.
 *
 * <p>Stages: JOINING (until {@code count} workers are admitted) → SYNCING (clock probes) → IDLE;
 * per run IN_PHASE (the {@link PhaseRun}'s own steps) → IDLE. A worker lost outside a running
 * phase fails the session; during it, the run goes on without it ({@link OnWorkerLoss#CONTINUE})
 * or stops ({@link OnWorkerLoss#ABORT}), and later runs of the session are refused.
 */
public final class CoordinatorActor extends AbstractBehavior<CoordinatorCommand> {
    /** Under this key the coordinator registers with the cluster's receptionist; workers look for it. */
    public static final ServiceKey<ToCoordinator> KEY = ServiceKey.create(ToCoordinator.class, "openmark-coordinator");

    /** What the session needs from the command line. */
    public record Setup(int count, byte[] secret, OnWorkerLoss onLoss, Duration joinTimeout, PrintStream err,
            AtomicInteger admitted, CompletableFuture<List<WorkerSlot>> joined) {
    }

    /** Starts a run (from the session's thread). */
    public record BeginRun(RunSetup run) implements CoordinatorCommand {
    }

    /** Ctrl-C (or the caller) stops the current run: every worker stops issuing and reports. */
    public record StopRun(String reason) implements CoordinatorCommand {
    }

    /** The session is over: the workers may exit. */
    public record EndSession(boolean success) implements CoordinatorCommand {
    }

    private enum Stage { JOINING, SYNCING, IDLE, IN_PHASE, CLOSED }

    private record JoinTimedOut() implements CoordinatorCommand {
    }

    private record PingTick() implements CoordinatorCommand {
    }

    private record MemberChange(ClusterEvent.MemberEvent event) implements CoordinatorCommand {
    }

    private record ReachabilityChange(ClusterEvent.ReachabilityEvent event) implements CoordinatorCommand {
    }

    private record WorkerTerminated(int index) implements CoordinatorCommand {
    }

    private final Setup setup;
    private final TimerScheduler<CoordinatorCommand> timers;
    private final Clock clock;
    private final Roster workers = new Roster();
    private final Admission admission;
    private final ClockProbes probes;
    private Stage stage = Stage.JOINING;
    private int runNumber;
    /** The current run, or the last one. */
    private PhaseRun phase;
    private String sessionBroken;

    private CoordinatorActor(ActorContext<CoordinatorCommand> ctx, TimerScheduler<CoordinatorCommand> timers,
            Setup setup, Clock clock) {
        super(ctx);
        this.setup = setup;
        this.timers = timers;
        this.clock = clock;
        this.admission = new Admission(setup.secret(), setup.count());
        this.probes = new ClockProbes(clock);
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf().narrow()));
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.MemberEvent.class, MemberChange::new), ClusterEvent.MemberEvent.class));
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, ReachabilityChange::new),
                ClusterEvent.ReachabilityEvent.class));
        timers.startSingleTimer(new JoinTimedOut(), setup.joinTimeout());
    }

    /** The coordinator, reading time from {@code clock}. */
    public static Behavior<CoordinatorCommand> create(Setup setup, Clock clock) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new CoordinatorActor(ctx, timers, setup, clock)));
    }

    @Override
    public Receive<CoordinatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Hello.class, this::onHello)
                .onMessage(Register.class, this::onRegister)
                .onMessage(Pong.class, this::onPong)
                .onMessage(PingTick.class, this::onPingTick)
                .onMessage(BeginRun.class, this::onBeginRun)
                .onMessage(Prepared.class, p -> inPhase(p.run(), () -> phase.prepared(p)))
                .onMessage(Failed.class, f -> inPhase(f.run(), () -> phase.failed(f)))
                .onMessage(Ready.class, r -> inPhase(r.run(), () -> phase.ready(r)))
                .onMessage(IntervalReport.class, r -> inPhase(r.run(), () -> phase.interval(r)))
                .onMessage(Done.class, d -> inPhase(d.run(), () -> phase.done(d)))
                .onMessage(StalenessDone.class, d -> inPhase(d.run(), () -> phase.stalenessDone(d)))
                .onMessage(PhaseRun.DoneTimedOut.class, t -> inPhase(t.run(), () -> phase.doneTimedOut()))
                .onMessage(JoinTimedOut.class, this::onJoinTimedOut)
                .onMessage(MemberChange.class, this::onMember)
                .onMessage(ReachabilityChange.class, this::onReachability)
                .onMessage(WorkerTerminated.class, this::onTerminated)
                .onMessage(StopRun.class, this::onStopRun)
                .onMessage(EndSession.class, this::onEndSession)
                .build();
    }

    // --- joining

    private Behavior<CoordinatorCommand> onHello(Hello h) {
        String refusal = admission.refusal(h, stage == Stage.JOINING, workers.at(h.worker().path().address()) != null,
                sessionBroken);
        if (refusal != null) {
            h.worker().tell(new Refused(refusal));
            say("refused a worker at " + Admission.address(h.worker()) + ": " + refusal);
            return this;
        }
        WorkerSlot candidate = Admission.candidate(h);
        String nonce = admission.challenge(candidate);
        if (nonce == null) {
            admit(candidate);
        } else {
            h.worker().tell(new Challenge(nonce));
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onRegister(Register r) {
        Admission.Answer answer = admission.register(r, stage == Stage.JOINING, sessionBroken);
        if (answer.refusal() != null) {
            r.worker().tell(new Refused(answer.refusal()));
            if (answer.logged()) {
                say("refused a worker at " + answer.candidate().address + ": " + answer.refusal());
            }
            return this;
        }
        admit(answer.candidate());
        return this;
    }

    private void admit(WorkerSlot candidate) {
        WorkerSlot slot = workers.admit(candidate);
        setup.admitted().set(workers.size());
        getContext().watchWith(slot.ref, new WorkerTerminated(slot.index));
        slot.ref.tell(new Accepted(slot.index, setup.count(), getContext().getSelf().narrow()));
        say("worker " + slot.name() + " joined from " + slot.address + " (" + slot.host + ", " + slot.cores
                + " cores, pid " + slot.pid + "); " + workers.size() + " of " + setup.count());
        if (workers.size() == setup.count()) {
            timers.cancel(new JoinTimedOut());
            stage = Stage.SYNCING;
            timers.startTimerAtFixedRate(new PingTick(), ClockProbes.FIRST_EVERY);
        }
    }

    private Behavior<CoordinatorCommand> onJoinTimedOut(JoinTimedOut t) {
        if (stage == Stage.JOINING) {
            breakSession("only " + workers.size() + " of " + setup.count() + " workers joined within "
                    + setup.joinTimeout().toSeconds() + " s: start them with bin/openmark worker --join <this address>"
                    + " (and the same --cluster-secret-file), or raise --join-timeout", false);
        }
        return this;
    }

    // --- clocks

    private Behavior<CoordinatorCommand> onPingTick(PingTick t) {
        if (stage == Stage.CLOSED) {
            timers.cancel(new PingTick());
            return this;
        }
        if (probes.firstOut()) {
            // The first probes are out: from now on one a second, and the session goes on once they
            // are back (or after a while without the late ones).
            timers.startTimerAtFixedRate(new PingTick(), ClockProbes.LATER_EVERY);
        }
        probes.probe(workers);
        maybeJoined();
        return this;
    }

    private Behavior<CoordinatorCommand> onPong(Pong p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w == null) {
            return this;
        }
        probes.answered(w, p);
        maybeJoined();
        return this;
    }

    private void maybeJoined() {
        if (stage != Stage.SYNCING || !probes.settled(workers)) {
            return;
        }
        stage = Stage.IDLE;
        say("clock offsets (worker − coordinator): " + ClockProbes.offsets(workers));
        setup.joined().complete(workers.copy());
    }

    // --- runs

    private Behavior<CoordinatorCommand> onBeginRun(BeginRun b) {
        if (stage != Stage.IDLE) {
            b.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure(sessionBroken != null
                    ? sessionBroken : "a run is already under way", false));
            return this;
        }
        runNumber++;
        phase = new PhaseRun(runNumber, b.run(), workers, setup.onLoss(), timers, clock, setup.err(), this::phaseEnded);
        stage = Stage.IN_PHASE;
        phase.begin();
        return this;
    }

    /** Passes a message of run {@code run} on to it, when that is the run under way (others are stale). */
    private Behavior<CoordinatorCommand> inPhase(int run, Runnable handler) {
        if (stage == Stage.IN_PHASE && phase.number() == run) {
            handler.run();
        }
        return this;
    }

    private void phaseEnded(boolean workerLost) {
        stage = Stage.IDLE;
        if (workerLost) {
            sessionBroken = "a worker was lost in run " + runNumber + ": the session cannot run more phases";
            stage = Stage.CLOSED;
        }
    }

    private Behavior<CoordinatorCommand> onStopRun(StopRun s) {
        if (stage == Stage.IN_PHASE) {
            phase.stop(s.reason());
        } else if (stage == Stage.JOINING || stage == Stage.SYNCING) {
            breakSession("stopped while the workers joined: " + s.reason(), false);
        }
        return this;
    }

    // --- membership

    private Behavior<CoordinatorCommand> onReachability(ReachabilityChange c) {
        WorkerSlot w = workers.at(c.event().member().address());
        if (w == null) {
            return this;
        }
        if (c.event() instanceof ClusterEvent.UnreachableMember) {
            if (w.liveness.unreachable(clock.nanoTime())) {
                say("worker " + w.name() + " (" + w.address + ") is unreachable");
            }
        } else if (c.event() instanceof ClusterEvent.ReachableMember) {
            if (w.liveness.reachable()) {
                say("worker " + w.name() + " (" + w.address + ") is reachable again");
            }
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onMember(MemberChange c) {
        if (c.event() instanceof ClusterEvent.MemberRemoved || c.event() instanceof ClusterEvent.MemberDowned
                || c.event() instanceof ClusterEvent.MemberExited) {
            WorkerSlot w = workers.at(c.event().member().address());
            if (w != null) {
                gone(w, "left the cluster (" + c.event().getClass().getSimpleName().replace("Member", "")
                        .toLowerCase(Locale.ROOT) + ")");
            }
        }
        return this;
    }

    /** The worker's actor is gone (its node left or was downed). */
    private Behavior<CoordinatorCommand> onTerminated(WorkerTerminated t) {
        gone(workers.get(t.index()), "its process or machine went away");
        return this;
    }

    private void gone(WorkerSlot w, String why) {
        if (stage == Stage.CLOSED || w.lost()) {
            return;
        }
        if (stage == Stage.IN_PHASE && phase.running()) {
            if (!w.reported()) {
                phase.lose(w, why);
            }
            return;
        }
        w.liveness.gone();
        breakSession("worker " + w.name() + " (" + w.address + ") " + why
                + (stage == Stage.IDLE ? " between runs" : " before the run started"), false);
    }

    // --- ending

    private Behavior<CoordinatorCommand> onEndSession(EndSession e) {
        for (WorkerSlot w : workers) {
            if (!w.lost()) {
                w.ref.tell(new Finish(e.success(), e.success() ? null : "the coordinator's command failed"));
            }
        }
        stage = Stage.CLOSED;
        timers.cancelAll();
        return this;
    }

    /** Nothing more can run in this session. */
    private void breakSession(String message, boolean badInput) {
        if (stage == Stage.CLOSED) {
            return;
        }
        sessionBroken = message;
        stage = Stage.CLOSED;
        timers.cancelAll();
        CoordinatorOutcome.Failure failure = new CoordinatorOutcome.Failure(message, badInput);
        setup.joined().completeExceptionally(failure);
        if (phase != null) {
            phase.setup().outcome().completeExceptionally(failure); // nothing happens when the run had ended
        }
        for (WorkerSlot w : workers) {
            if (!w.lost()) {
                w.ref.tell(new Finish(false, message));
            }
        }
    }

    private void say(String line) {
        setup.err().println("openmark cluster: " + line);
    }
}
