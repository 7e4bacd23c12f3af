package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.openmark.cluster.protocol.PlanPhase;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.ClusterMessage;
import org.openmark.cluster.protocol.Membership;

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
public final class CoordinatorActor extends AbstractBehavior<CoordinatorActor.Command> {
    /** Under this key the coordinator registers with the cluster's receptionist; workers look for it. */
    public static final ServiceKey<FromWorker> KEY = ServiceKey.create(FromWorker.class, "openmark-coordinator");

    /** What the coordinator's actor handles: what its workers and its session say, and its own timers and events. */
    public sealed interface Command permits FromWorker, BeginRun, StopRun, EndSession, JoinTimedOut, PingTick,
            MembershipChanged, WorkerTerminated, PhaseRun.DoneTimedOut {
    }

    /** What a worker says to the coordinator (over the network: these are serialized, as CBOR). */
    public sealed interface FromWorker extends Command, ClusterMessage permits Hello, Register, Pong,
            PhaseRun.FromWorker {
    }

    /**
     * What the coordinator says to a worker (over the network, as CBOR). The coordinator declares it, and a
     * worker adapts it into its own commands, so that the worker's package knows the coordinator's and not
     * the other way round.
     */
    public sealed interface ToWorker extends ClusterMessage permits Challenge, Accepted, Refused, Ping, Plan, Stop,
            Finish, PhaseRun.Go, PhaseRun.StartAt {
    }

    /**
     * A worker that found the coordinator introduces itself.
     *
     * @param version the worker's openmark version (the coordinator refuses another)
     * @param host the worker's host name, for the report
     * @param cores the worker's available processors
     * @param pid the worker's process id, so a line of the coordinator's can be tied to a process
     */
    public record Hello(ActorRef<ToWorker> worker, String version, String host, int cores, long pid)
            implements FromWorker {
    }

    /** The coordinator wants proof of the shared secret: an HMAC of this nonce ({@link Register}). */
    public record Challenge(String nonce) implements ToWorker {
    }

    /**
     * The answer to a {@link Challenge}.
     *
     * @param proof HMAC-SHA256 of the nonce under the shared secret, hex; empty when the worker has no secret
     */
    public record Register(ActorRef<ToWorker> worker, String proof) implements FromWorker {
    }

    /** The worker takes part in the session as worker {@code index + 1} of {@code count}. */
    public record Accepted(int index, int count, ActorRef<FromWorker> coordinator) implements ToWorker {
    }

    /** The coordinator will not use this worker; the reason says why and what to do. */
    public record Refused(String reason) implements ToWorker {
    }

    /** A clock probe: the worker answers at once with its own clock ({@link Pong}). */
    public record Ping(long seq, long coordinatorNanos) implements ToWorker {
    }

    /**
     * The answer to a {@link Ping}: the worker's wall clock when it answered.
     *
     * @param workerEpochMicros microseconds since the epoch by the worker's clock
     */
    public record Pong(int index, long seq, long coordinatorNanos, long workerEpochMicros) implements FromWorker {
    }

    /**
     * A worker's part of the run, resolved and validated by the coordinator: the run's properties
     * (seed, store, workload, model, rate or threads, duration…) with {@code share=i/n} added. The
     * worker parses them as any run's, so it runs exactly what a single process would for that share.
     *
     * @param run the run's number in the session (1, 2, …): later messages about the run carry it
     */
    public record Plan(int run, PlanPhase phase, Map<String, String> settings, int index, int count)
            implements ToWorker {
    }

    /** Stop issuing now (Ctrl-C on the coordinator, or the run is aborted) and report what there is. */
    public record Stop(String reason) implements ToWorker {
    }

    /**
     * The coordinator has everything it needs: the worker may leave the cluster and exit.
     *
     * @param reason why the session ended without success (the worker says it), or null
     */
    public record Finish(boolean success, String reason) implements ToWorker {
    }

    /** What the session needs from the command line. */
    public record Setup(int count, byte[] secret, OnWorkerLoss onLoss, Duration joinTimeout, PrintStream err,
            AtomicInteger admitted, CompletableFuture<List<WorkerSlot>> joined) {
    }

    /** Starts a run (from the session's thread). */
    public record BeginRun(RunSetup run) implements Command {
    }

    /** Ctrl-C (or the caller) stops the current run: every worker stops issuing and reports. */
    public record StopRun(String reason) implements Command {
    }

    /** The session is over: the workers may exit. */
    public record EndSession(boolean success) implements Command {
    }

    private enum Stage { JOINING, SYNCING, IDLE, IN_PHASE, CLOSED }

    private record JoinTimedOut() implements Command {
    }

    private record PingTick() implements Command {
    }

    private record MembershipChanged(Membership.Change change) implements Command {
    }

    private record WorkerTerminated(int index) implements Command {
    }

    private final Setup setup;
    private final TimerScheduler<Command> timers;
    private final Clock clock;
    private final Roster workers = new Roster();
    private final Admission admission;
    private final ClockProbes probes;
    private Stage stage = Stage.JOINING;
    private int runNumber;
    /** The current run, or the last one. */
    private PhaseRun phase;
    private String sessionBroken;

    private CoordinatorActor(ActorContext<Command> ctx, TimerScheduler<Command> timers,
            Setup setup, Clock clock) {
        super(ctx);
        this.setup = setup;
        this.timers = timers;
        this.clock = clock;
        this.admission = new Admission(setup.secret(), setup.count());
        this.probes = new ClockProbes(clock);
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf().narrow()));
        Membership.CLUSTER.subscribe(ctx, MembershipChanged::new);
        timers.startSingleTimer(new JoinTimedOut(), setup.joinTimeout());
    }

    /** The coordinator, reading time from {@code clock}. */
    public static Behavior<Command> create(Setup setup, Clock clock) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new CoordinatorActor(ctx, timers, setup, clock)));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Hello.class, this::onHello)
                .onMessage(Register.class, this::onRegister)
                .onMessage(Pong.class, this::onPong)
                .onMessage(PingTick.class, this::onPingTick)
                .onMessage(BeginRun.class, this::onBeginRun)
                .onMessage(PhaseRun.Prepared.class, p -> inPhase(p.run(), () -> phase.prepared(p)))
                .onMessage(PhaseRun.Failed.class, f -> inPhase(f.run(), () -> phase.failed(f)))
                .onMessage(PhaseRun.Ready.class, r -> inPhase(r.run(), () -> phase.ready(r)))
                .onMessage(PhaseRun.IntervalReport.class, r -> inPhase(r.run(), () -> phase.interval(r)))
                .onMessage(PhaseRun.Done.class, d -> inPhase(d.run(), () -> phase.done(d)))
                .onMessage(PhaseRun.StalenessDone.class, d -> inPhase(d.run(), () -> phase.stalenessDone(d)))
                .onMessage(PhaseRun.DoneTimedOut.class, t -> inPhase(t.run(), () -> phase.doneTimedOut()))
                .onMessage(JoinTimedOut.class, this::onJoinTimedOut)
                .onMessage(MembershipChanged.class, this::onMembership)
                .onMessage(WorkerTerminated.class, this::onTerminated)
                .onMessage(StopRun.class, this::onStopRun)
                .onMessage(EndSession.class, this::onEndSession)
                .build();
    }

    // --- joining

    private Behavior<Command> onHello(Hello h) {
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

    private Behavior<Command> onRegister(Register r) {
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

    private Behavior<Command> onJoinTimedOut(JoinTimedOut t) {
        if (stage == Stage.JOINING) {
            breakSession("only " + workers.size() + " of " + setup.count() + " workers joined within "
                    + setup.joinTimeout().toSeconds() + " s: start them with bin/openmark worker --join <this address>"
                    + " (and the same --cluster-secret-file), or raise --join-timeout", false);
        }
        return this;
    }

    // --- clocks

    private Behavior<Command> onPingTick(PingTick t) {
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

    private Behavior<Command> onPong(Pong p) {
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

    private Behavior<Command> onBeginRun(BeginRun b) {
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
    private Behavior<Command> inPhase(int run, Runnable handler) {
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

    private Behavior<Command> onStopRun(StopRun s) {
        if (stage == Stage.IN_PHASE) {
            phase.stop(s.reason());
        } else if (stage == Stage.JOINING || stage == Stage.SYNCING) {
            breakSession("stopped while the workers joined: " + s.reason(), false);
        }
        return this;
    }

    // --- membership

    private Behavior<Command> onMembership(MembershipChanged c) {
        WorkerSlot w = workers.at(c.change().address());
        if (w == null) {
            return this;
        }
        switch (c.change()) {
            case Membership.Unreachable u -> {
                if (w.liveness.unreachable(clock.nanoTime())) {
                    say("worker " + w.name() + " (" + w.address + ") is unreachable");
                }
            }
            case Membership.Reachable r -> {
                if (w.liveness.reachable()) {
                    say("worker " + w.name() + " (" + w.address + ") is reachable again");
                }
            }
            case Membership.Left l -> gone(w, "left the cluster (" + l.how() + ")");
        }
        return this;
    }

    /** The worker's actor is gone (its node left or was downed). */
    private Behavior<Command> onTerminated(WorkerTerminated t) {
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

    private Behavior<Command> onEndSession(EndSession e) {
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
