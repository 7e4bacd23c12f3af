package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.BehaviorBuilder;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.ClusterMessage;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.config.Durations;

/**
 * The coordinator of a cluster session, as an actor, one behavior per stage: {@link #joining}
 * admits workers ({@link Admission}) until it has {@code count}; {@link #syncing} measures their
 * clock offsets ({@link ClockProbes}); then {@link #idle} and {@link #inRun} alternate, one run
 * after another as the session asks ({@link BeginRun}), each run a child actor ({@link RunActor})
 * that hands out the plans, starts every worker at one instant, merges their intervals and
 * hands back the run's {@link CoordinatorOutcome}; {@link #closed} once nothing more can run. A
 * message a stage has no use for has no handler there. A rating or an experiment runs many phases
 * over the same workers.
 *
 * <p>A worker lost outside a running phase fails the session; during it, the run goes on without it
 * ({@link OnWorkerLoss#CONTINUE}) or stops ({@link OnWorkerLoss#ABORT}), and later runs of the
 * session are refused.
 */
public final class CoordinatorActor {
    /** Under this key the coordinator registers with the cluster's receptionist; workers look for it. */
    public static final ServiceKey<FromWorker> KEY = ServiceKey.create(FromWorker.class, "openmark-coordinator");

    /** What the coordinator's actor handles: what its workers and its session say, and its own timers and events. */
    public sealed interface Command permits FromWorker, BeginRun, StopRun, EndSession, JoinTimedOut, PingTick,
            MembershipChanged, WorkerTerminated, RunEnded, RunFailed {
    }

    /** What a worker says to the coordinator (over the network: these are serialized, as CBOR). */
    public sealed interface FromWorker extends Command, ClusterMessage permits Hello, Register, Pong {
    }

    /**
     * What the coordinator says to a worker (over the network, as CBOR). The coordinator declares it, and a
     * worker adapts it into its own commands, so that the worker's package knows the coordinator's and not
     * the other way round.
     */
    public sealed interface ToWorker extends ClusterMessage permits Challenge, Accepted, Refused, Ping, Plan, Stop,
            Finish, RunActor.Go, RunActor.StartAt {
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
     * A worker's part of a run, resolved and validated by the coordinator: the run's properties
     * (seed, store, workload, model, rate or threads, duration…) with {@code share=i/n} added. The
     * worker parses them as any run's, so it runs exactly what a single process would for that share.
     *
     * @param run the run's number in the session (1, 2, …)
     * @param replyTo the run's own actor: the worker tells it everything about this run
     */
    public record Plan(int run, ActorRef<RunActor.FromWorker> replyTo, PlanPhase phase, Map<String, String> settings,
            int index, int count) implements ToWorker {
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

    /**
     * The run's actor is done ({@link RunActor}). The coordinator completes the run's outcome itself,
     * once it has left the run: a session that begins its next run as soon as it has the outcome finds
     * the coordinator between runs, not still in the last one.
     *
     * @param outcome how the run ended, or null when it failed
     * @param failure why the run failed, or null
     * @param workerLost a worker was lost during the run (no later run may start)
     * @param sessionBroken why the session cannot go on (a worker went before the run started), or null
     */
    record RunEnded(CoordinatorOutcome outcome, CoordinatorOutcome.Failure failure, boolean workerLost,
            String sessionBroken) implements Command {
    }

    /** The run's actor failed (a defect): its run fails, and so does the session. */
    private record RunFailed(RunSetup run) implements Command {
    }

    private enum JoinTimedOut implements Command { INSTANCE }

    private enum PingTick implements Command { INSTANCE }

    private record MembershipChanged(MemberEvents.Change change) implements Command {
    }

    private record WorkerTerminated(int index) implements Command {
    }

    private final ActorContext<Command> ctx;
    private final Setup setup;
    private final TimerScheduler<Command> timers;
    private final Clock clock;
    private final Roster workers = new Roster();
    private final Admission admission;
    private final ClockProbes probes;
    private int runNumber;
    private String sessionBroken;

    private CoordinatorActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, Setup setup, Clock clock,
            MemberEvents membership) {
        this.ctx = ctx;
        this.setup = setup;
        this.timers = timers;
        this.clock = clock;
        this.admission = new Admission(setup.secret(), setup.count());
        this.probes = new ClockProbes(clock);
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf().narrow()));
        membership.subscribe(ctx, MembershipChanged::new);
        timers.startSingleTimer(JoinTimedOut.INSTANCE, setup.joinTimeout());
    }

    /** The coordinator, reading time from {@code clock}, hearing of its workers' nodes from Pekko Cluster. */
    public static Behavior<Command> create(Setup setup, Clock clock) {
        return create(setup, clock, MemberEvents.CLUSTER);
    }

    /** The coordinator; {@code membership}: where it hears of its workers' nodes (a test sends the changes itself). */
    static Behavior<Command> create(Setup setup, Clock clock, MemberEvents membership) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(
                timers -> new CoordinatorActor(ctx, timers, setup, clock, membership).joining()));
    }

    // --- the stages

    /** Until {@code count} workers are admitted. */
    private Behavior<Command> joining() {
        return untilJoined(Behaviors.receive(Command.class)
                .onMessage(Hello.class, h -> hello(h, true))
                .onMessage(Register.class, r -> register(r, true))
                .onMessageEquals(JoinTimedOut.INSTANCE, () -> breakSession("only " + workers.size() + " of "
                        + setup.count() + " workers joined within " + Durations.format(setup.joinTimeout()) + ": start"
                        + " them with bin/openmark worker --join <this address> (and the same --cluster-secret-file),"
                        + " or raise --join-timeout")))
                .build();
    }

    /** Every worker is admitted; their clocks are probed until the offsets are known well enough. */
    private Behavior<Command> syncing() {
        return untilJoined(Behaviors.receive(Command.class)
                .onMessageEquals(PingTick.INSTANCE, () -> {
                    probe();
                    return maybeJoined();
                })
                .onMessage(Pong.class, p -> {
                    pong(p);
                    return maybeJoined();
                })
                .onMessage(Hello.class, h -> hello(h, false))
                .onMessage(Register.class, r -> register(r, false)))
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
                .onMessage(MembershipChanged.class, c -> membership(c, this::goneBeforeTheRun))
                .onMessage(WorkerTerminated.class, t -> terminated(t, this::goneBeforeTheRun));
    }

    /** Between runs: the clocks are still probed (the offsets tighten), a run may begin. */
    private Behavior<Command> idle() {
        return Behaviors.receive(Command.class)
                .onMessage(BeginRun.class, this::beginRun)
                .onMessageEquals(PingTick.INSTANCE, this::probe)
                .onMessage(Pong.class, this::pong)
                .onMessage(Hello.class, h -> hello(h, false))
                .onMessage(Register.class, r -> register(r, false))
                .onMessage(EndSession.class, this::endSession)
                .onMessage(MembershipChanged.class, c -> membership(c, this::goneBetweenRuns))
                .onMessage(WorkerTerminated.class, t -> terminated(t, this::goneBetweenRuns))
                .build();
    }

    /**
     * A run is under way in {@code phase}. A worker seen to go is the run's to account for; it is
     * also kept in {@code gone}, so that one the run no longer took (it had ended, or the worker had
     * reported) still ends the session once the run is over.
     */
    private Behavior<Command> inRun(ActorRef<RunActor.Command> phase, RunSetup run, Map<Integer, String> gone) {
        BiFunction<WorkerSlot, String, Behavior<Command>> lose = (w, why) -> {
            gone.putIfAbsent(w.index, why);
            phase.tell(new RunActor.WorkerGone(w.index, why));
            return Behaviors.same();
        };
        return Behaviors.receive(Command.class)
                .onMessage(RunEnded.class, e -> runEnded(phase, run, e, gone))
                .onMessage(RunFailed.class, f -> {
                    f.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure("the coordinator failed"
                            + " during run " + runNumber + " (a defect: see its log)", false));
                    return breakSession("the coordinator failed during run " + runNumber);
                })
                .onMessage(StopRun.class, s -> {
                    phase.tell(new RunActor.StopRun(s.reason()));
                    return Behaviors.same();
                })
                .onMessage(BeginRun.class, b -> refuse(b, "a run is already under way"))
                .onMessageEquals(PingTick.INSTANCE, this::probe)
                .onMessage(Pong.class, this::pong)
                .onMessage(Hello.class, h -> hello(h, false))
                .onMessage(Register.class, r -> register(r, false))
                .onMessage(EndSession.class, e -> {
                    ctx.unwatch(phase);
                    ctx.stop(phase);
                    return endSession(e);
                })
                .onMessage(MembershipChanged.class, c -> membership(c, lose))
                .onMessage(WorkerTerminated.class, t -> terminated(t, lose))
                .build();
    }

    /** Nothing more can run in this session; the workers are told to go when it ends. */
    private Behavior<Command> closed() {
        return Behaviors.receive(Command.class)
                .onMessage(BeginRun.class, b -> refuse(b, sessionBroken != null ? sessionBroken
                        : "the session has ended"))
                .onMessage(Hello.class, h -> hello(h, false))
                .onMessage(Register.class, r -> register(r, false))
                .onMessage(EndSession.class, this::endSession)
                .onMessage(MembershipChanged.class, c -> membership(c, (w, why) -> Behaviors.same()))
                .build();
    }

    // --- joining

    private Behavior<Command> hello(Hello h, boolean joining) {
        String refusal = admission.refusal(h, joining, workers.any(w -> Admission.sameNode(w.ref, h.worker())),
                sessionBroken);
        if (refusal != null) {
            h.worker().tell(new Refused(refusal));
            say("refused a worker at " + Admission.address(h.worker()) + ": " + refusal);
            return Behaviors.same();
        }
        WorkerSlot candidate = Admission.candidate(h);
        String nonce = admission.challenge(candidate);
        if (nonce != null) {
            h.worker().tell(new Challenge(nonce));
            return Behaviors.same();
        }
        return admit(candidate);
    }

    private Behavior<Command> register(Register r, boolean joining) {
        Admission.Answer answer = admission.register(r, joining, sessionBroken);
        if (answer.refusal() == null) {
            return admit(answer.candidate());
        }
        r.worker().tell(new Refused(answer.refusal()));
        if (answer.logged()) {
            say("refused a worker at " + answer.candidate().address + ": " + answer.refusal());
        }
        return Behaviors.same();
    }

    private Behavior<Command> admit(WorkerSlot candidate) {
        WorkerSlot slot = workers.admit(candidate);
        setup.admitted().set(workers.size());
        ctx.watchWith(slot.ref, new WorkerTerminated(slot.index));
        slot.ref.tell(new Accepted(slot.index, setup.count(), ctx.getSelf().narrow()));
        say("worker " + slot.name() + " joined from " + slot.address + " (" + slot.host + ", " + slot.cores
                + " cores, pid " + slot.pid + "); " + workers.size() + " of " + setup.count());
        if (workers.size() < setup.count()) {
            return Behaviors.same();
        }
        timers.cancel(JoinTimedOut.INSTANCE);
        timers.startTimerAtFixedRate(PingTick.INSTANCE, ClockProbes.FIRST_EVERY);
        return syncing();
    }

    // --- clocks

    private Behavior<Command> probe() {
        if (probes.firstOut()) {
            // The first probes are out: from now on one a second, and the session goes on once they
            // are back (or after a while without the late ones).
            timers.startTimerAtFixedRate(PingTick.INSTANCE, ClockProbes.LATER_EVERY);
        }
        probes.probe(workers);
        return Behaviors.same();
    }

    private Behavior<Command> pong(Pong p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w != null) {
            probes.answered(w, p);
        }
        return Behaviors.same();
    }

    private Behavior<Command> maybeJoined() {
        if (!probes.settled(workers)) {
            return Behaviors.same();
        }
        say("clock offsets (worker − coordinator): " + ClockProbes.offsets(workers));
        setup.joined().complete(workers.copy());
        return idle();
    }

    // --- runs

    private Behavior<Command> beginRun(BeginRun b) {
        runNumber++;
        ActorRef<RunActor.Command> phase = ctx.spawn(RunActor.create(runNumber, b.run(), workers, setup.onLoss(),
                clock, setup.err(), ctx.getSelf()), "run-" + runNumber);
        ctx.watchWith(phase, new RunFailed(b.run()));
        return inRun(phase, b.run(), new TreeMap<>());
    }

    private Behavior<Command> runEnded(ActorRef<RunActor.Command> phase, RunSetup run, RunEnded e,
            Map<Integer, String> gone) {
        ctx.unwatch(phase);
        ctx.stop(phase);
        Behavior<Command> next = afterTheRun(e, gone);
        // Completed only now, the next stage chosen: the session's next BeginRun is handled by it.
        if (e.failure() != null) {
            run.outcome().completeExceptionally(e.failure());
        } else {
            run.outcome().complete(e.outcome());
        }
        return next;
    }

    /** Where the session goes once a run ended: on to another run, or to its end. */
    private Behavior<Command> afterTheRun(RunEnded e, Map<Integer, String> gone) {
        if (e.sessionBroken() != null) {
            return breakSession(e.sessionBroken());
        }
        if (e.workerLost()) {
            sessionBroken = "a worker was lost in run " + runNumber + ": the session cannot run more phases";
            timers.cancelAll();
            return closed();
        }
        for (Map.Entry<Integer, String> g : gone.entrySet()) {
            WorkerSlot w = workers.get(g.getKey());
            if (!w.lost()) { // it went after its part, or as the run ended
                return goneBetweenRuns(w, g.getValue());
            }
        }
        return idle();
    }

    private Behavior<Command> refuse(BeginRun b, String why) {
        b.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure(why, false));
        return Behaviors.same();
    }

    // --- membership

    private Behavior<Command> membership(MembershipChanged c, BiFunction<WorkerSlot, String, Behavior<Command>> gone) {
        WorkerSlot w = workers.at(c.change().address());
        if (w == null) {
            return Behaviors.same();
        }
        switch (c.change()) {
            case MemberEvents.Unreachable u -> {
                if (w.liveness.unreachable(clock.nanoTime())) {
                    say("worker " + w.name() + " (" + w.address + ") is unreachable");
                }
            }
            case MemberEvents.Reachable r -> {
                if (w.liveness.reachable()) {
                    say("worker " + w.name() + " (" + w.address + ") is reachable again");
                }
            }
            case MemberEvents.Left l -> {
                return w.lost() ? Behaviors.same() : gone.apply(w, "left the cluster (" + l.how() + ")");
            }
        }
        return Behaviors.same();
    }

    /** The worker's actor is gone (its node left or was downed). */
    private Behavior<Command> terminated(WorkerTerminated t, BiFunction<WorkerSlot, String, Behavior<Command>> gone) {
        WorkerSlot w = workers.get(t.index());
        return w.lost() ? Behaviors.same() : gone.apply(w, "its process or machine went away");
    }

    private Behavior<Command> goneBeforeTheRun(WorkerSlot w, String why) {
        w.liveness.gone();
        return breakSession("worker " + w.name() + " (" + w.address + ") " + why + " before the run started");
    }

    private Behavior<Command> goneBetweenRuns(WorkerSlot w, String why) {
        w.liveness.gone();
        return breakSession("worker " + w.name() + " (" + w.address + ") " + why + " between runs");
    }

    // --- ending

    private Behavior<Command> endSession(EndSession e) {
        finishAll(e.success(), e.success() ? null : "the coordinator's command failed");
        timers.cancelAll();
        return closed();
    }

    /** Nothing more can run in this session: the workers are let go, saying why. */
    private Behavior<Command> breakSession(String message) {
        sessionBroken = message;
        timers.cancelAll();
        setup.joined().completeExceptionally(new CoordinatorOutcome.Failure(message, false));
        finishAll(false, message);
        return closed();
    }

    private void finishAll(boolean success, String reason) {
        for (WorkerSlot w : workers) {
            if (!w.lost()) {
                w.ref.tell(new Finish(success, reason));
            }
        }
    }

    private void say(String line) {
        setup.err().println("openmark cluster: " + line);
    }
}
