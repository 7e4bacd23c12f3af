package org.openmark.cluster.coordinator;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
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
import org.openmark.cluster.coordinator.OnWorkerLoss;
import org.openmark.cluster.protocol.Secrets;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.CoordinatorCommand;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Ping;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.Pong;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.Stop;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.run.Version;

/**
 * The coordinator of a cluster session, as an actor. It admits workers (version, shared secret,
 * count) and measures their clock offsets once; then it runs phases one after another, as the
 * session asks ({@link BeginRun}): hands out each worker's plan, decides how the store is loaded,
 * starts every worker at one instant, merges their intervals as they arrive, notices a worker
 * that goes away, and completes the run's {@link CoordinatorOutcome}. A rating or an experiment
 * runs many phases over the same workers.
 *
 * <p>Stages: JOINING (until {@code count} workers are admitted) → SYNCING (clock probes) → IDLE;
 * per run PREPARING (each opens its store) → LOADING (load as decided, then ready) → RUNNING
 * (intervals, then each worker's result) → IDLE. A worker lost outside RUNNING fails the session;
 * during it, the run goes on without it ({@link OnWorkerLoss#CONTINUE}) or stops
 * ({@link OnWorkerLoss#ABORT}), and later runs of the session are refused.
 */
public final class CoordinatorActor extends AbstractBehavior<CoordinatorCommand> {
    /** Under this key the coordinator registers with the cluster's receptionist; workers look for it. */
    public static final ServiceKey<ToCoordinator> KEY = ServiceKey.create(ToCoordinator.class, "openmark-coordinator");
    private static final int PINGS = 8;
    private static final Duration PING_EVERY = Duration.ofMillis(50);
    /**
     * After the first probes, one more every second for the rest of the session: each keeps the
     * offset of the shortest round trip so far, so the offsets tighten once the JVMs are warm
     * (the first probes meet cold JIT and class loading, and on a busy machine round trips of
     * hundreds of ms) and each run starts with the best measurement there is.
     */
    private static final Duration PING_LATER_EVERY = Duration.ofSeconds(1);
    /** How long the first probes may take to come back before the session goes on without them. */
    private static final Duration FIRST_PONGS_WAIT = Duration.ofSeconds(5);

    /** What the session needs from the command line. */
    public record Setup(int count, byte[] secret, OnWorkerLoss onLoss, Duration joinTimeout, PrintStream err,
            AtomicInteger admitted, CompletableFuture<List<WorkerSlot>> joined) {
    }

    /**
     * One run of the session.
     *
     * @param phase {@code LOAD} or {@code RUN}
     * @param settings the run's resolved properties (each worker gets them with its share)
     */
    public record RunSetup(String phase, Map<String, String> settings, Duration startMargin, Duration doneTimeout,
            MergedOutput output, MergeCosts costs, CompletableFuture<CoordinatorOutcome> outcome) {
    }

    /** Where merged intervals and per-worker intervals go (files, the status line). */
    public interface MergedOutput {
        void merged(IntervalMerger.Merged merged, List<WorkerSlot> workers);

        void worker(WorkerSlot worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp);
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

    private enum Stage { JOINING, SYNCING, IDLE, PREPARING, LOADING, RUNNING, CLOSED }

    private record JoinTimedOut() implements CoordinatorCommand {
    }

    private record PingTick() implements CoordinatorCommand {
    }

    private record DoneTimedOut(int run) implements CoordinatorCommand {
    }

    private record MemberChange(ClusterEvent.MemberEvent event) implements CoordinatorCommand {
    }

    private record ReachabilityChange(ClusterEvent.ReachabilityEvent event) implements CoordinatorCommand {
    }

    private record WorkerTerminated(int index) implements CoordinatorCommand {
    }

    private final Setup setup;
    private final TimerScheduler<CoordinatorCommand> timers;
    private final List<WorkerSlot> workers = new ArrayList<>();
    private final Map<ActorRef<ToWorker>, String> challenged = new HashMap<>();
    private final Map<ActorRef<ToWorker>, WorkerSlot> pendingHellos = new HashMap<>();
    private Stage stage = Stage.JOINING;
    private int pingsSent;
    private long firstPongsDeadlineNanos = Long.MAX_VALUE;
    private int runNumber;
    private RunSetup run;
    private IntervalMerger merger;
    private long runStartNanos;
    private boolean stopping;
    private String stopReason;
    private String sessionBroken;

    private CoordinatorActor(ActorContext<CoordinatorCommand> ctx, TimerScheduler<CoordinatorCommand> timers,
            Setup setup) {
        super(ctx);
        this.setup = setup;
        this.timers = timers;
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf().narrow()));
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.MemberEvent.class, MemberChange::new), ClusterEvent.MemberEvent.class));
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, ReachabilityChange::new),
                ClusterEvent.ReachabilityEvent.class));
        timers.startSingleTimer(new JoinTimedOut(), setup.joinTimeout());
    }

    public static Behavior<CoordinatorCommand> create(Setup setup) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new CoordinatorActor(ctx, timers, setup)));
    }

    @Override
    public Receive<CoordinatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Hello.class, this::onHello)
                .onMessage(Register.class, this::onRegister)
                .onMessage(Pong.class, this::onPong)
                .onMessage(PingTick.class, this::onPingTick)
                .onMessage(BeginRun.class, this::onBeginRun)
                .onMessage(Prepared.class, this::onPrepared)
                .onMessage(Failed.class, this::onFailed)
                .onMessage(Ready.class, this::onReady)
                .onMessage(IntervalReport.class, this::onInterval)
                .onMessage(Done.class, this::onDone)
                .onMessage(StalenessDone.class, this::onStalenessDone)
                .onMessage(JoinTimedOut.class, this::onJoinTimedOut)
                .onMessage(DoneTimedOut.class, this::onDoneTimedOut)
                .onMessage(MemberChange.class, this::onMember)
                .onMessage(ReachabilityChange.class, this::onReachability)
                .onMessage(WorkerTerminated.class, this::onTerminated)
                .onMessage(StopRun.class, this::onStopRun)
                .onMessage(EndSession.class, this::onEndSession)
                .build();
    }

    // --- joining

    private Behavior<CoordinatorCommand> onHello(Hello h) {
        String refusal = null;
        if (!Version.current().equals(h.version())) {
            refusal = "this worker runs openmark " + h.version() + ", the coordinator " + Version.current()
                    + ": run the same openmark version everywhere";
        } else if (stage != Stage.JOINING) {
            refusal = "the session has its " + setup.count() + " workers and has started: a worker cannot join late";
        } else if (slotAt(h.worker().path().address()) != null || challenged.containsKey(h.worker())) {
            refusal = "a worker at " + address(h.worker()) + " has already joined";
        }
        if (refusal != null) {
            h.worker().tell(new Refused(refusal));
            say("refused a worker at " + address(h.worker()) + ": " + refusal);
            return this;
        }
        WorkerSlot slot = new WorkerSlot(-1, h.worker(), address(h.worker()), h.host(), h.cores(), h.pid());
        if (setup.secret() == null) {
            admit(slot);
        } else {
            String nonce = Secrets.nonce();
            challenged.put(h.worker(), nonce);
            pendingHellos.put(h.worker(), slot);
            h.worker().tell(new Challenge(nonce));
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onRegister(Register r) {
        String nonce = challenged.remove(r.worker());
        WorkerSlot slot = pendingHellos.remove(r.worker());
        if (nonce == null || slot == null) {
            r.worker().tell(new Refused("register without a challenge: start the worker again"));
            return this;
        }
        if (!Secrets.verify(setup.secret(), nonce, r.proof())) {
            String why = r.proof() == null || r.proof().isEmpty()
                    ? "the coordinator requires a shared secret: start the worker with --cluster-secret-file"
                    : "wrong shared secret: give the worker the coordinator's --cluster-secret-file";
            r.worker().tell(new Refused(why));
            say("refused a worker at " + slot.address + ": " + why);
            return this;
        }
        if (stage != Stage.JOINING) {
            r.worker().tell(new Refused("the session has started: a worker cannot join late"));
            return this;
        }
        admit(slot);
        return this;
    }

    private void admit(WorkerSlot candidate) {
        WorkerSlot slot = new WorkerSlot(workers.size(), candidate.ref, candidate.address, candidate.host,
                candidate.cores, candidate.pid);
        workers.add(slot);
        setup.admitted().set(workers.size());
        getContext().watchWith(slot.ref, new WorkerTerminated(slot.index));
        slot.ref.tell(new Accepted(slot.index, setup.count(), getContext().getSelf().narrow()));
        say("worker " + slot.name() + " joined from " + slot.address + " (" + slot.host + ", " + slot.cores
                + " cores, pid " + slot.pid + "); " + workers.size() + " of " + setup.count());
        if (workers.size() == setup.count()) {
            timers.cancel(new JoinTimedOut());
            stage = Stage.SYNCING;
            timers.startTimerAtFixedRate(new PingTick(), PING_EVERY);
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
        if (pingsSent == PINGS) {
            // The first probes are out: from now on one a second, and the session goes on once they
            // are back (or after a while without the late ones).
            timers.startTimerAtFixedRate(new PingTick(), PING_LATER_EVERY);
            firstPongsDeadlineNanos = System.nanoTime() + FIRST_PONGS_WAIT.toNanos();
        }
        for (WorkerSlot w : workers) {
            if (!w.lost) {
                w.ref.tell(new Ping(pingsSent, System.nanoTime()));
            }
        }
        pingsSent++;
        maybeJoined();
        return this;
    }

    private Behavior<CoordinatorCommand> onPong(Pong p) {
        WorkerSlot w = slot(p.index());
        if (w == null) {
            return this;
        }
        long rttMicros = (System.nanoTime() - p.coordinatorNanos()) / 1000;
        long midpoint = epochMicros() - rttMicros / 2;
        w.clockSample(p.workerEpochMicros() - midpoint, rttMicros);
        maybeJoined();
        return this;
    }

    private void maybeJoined() {
        if (stage != Stage.SYNCING || pingsSent < PINGS || workers.stream().anyMatch(w -> w.pongs < 1)) {
            return;
        }
        boolean firstAllBack = workers.stream().allMatch(w -> w.pongs >= PINGS);
        if (!firstAllBack && System.nanoTime() < firstPongsDeadlineNanos) {
            return;
        }
        stage = Stage.IDLE;
        say("clock offsets (worker − coordinator): " + offsets());
        setup.joined().complete(List.copyOf(workers));
    }

    // --- a run

    private Behavior<CoordinatorCommand> onBeginRun(BeginRun b) {
        if (stage != Stage.IDLE) {
            b.run().outcome().completeExceptionally(new CoordinatorOutcome.Failure(sessionBroken != null
                    ? sessionBroken : "a run is already under way", false));
            return this;
        }
        run = b.run();
        runNumber++;
        merger = new IntervalMerger(workers.size());
        stopping = false;
        stopReason = null;
        runStartNanos = 0;
        stage = Stage.PREPARING;
        for (WorkerSlot w : workers) {
            w.resetForRun();
            Map<String, String> settings = new HashMap<>(run.settings());
            settings.put("share", (w.index + 1) + "/" + setup.count());
            w.ref.tell(new Plan(runNumber, run.phase(), settings, w.index, setup.count()));
        }
        return this;
    }

    private boolean current(int runOfMessage) {
        return run != null && runOfMessage == runNumber && stage != Stage.IDLE && stage != Stage.CLOSED;
    }

    private Behavior<CoordinatorCommand> onPrepared(Prepared p) {
        if (!current(p.run())) {
            return this;
        }
        WorkerSlot w = slot(p.index());
        if (w == null) {
            return this;
        }
        w.prepared = true;
        w.knownEmpty = p.knownEmpty();
        w.embedded = p.embedded();
        if (workers.stream().allMatch(x -> x.prepared) && stage == Stage.PREPARING) {
            stage = Stage.LOADING;
            String load = loadMode();
            for (WorkerSlot x : workers) {
                x.ref.tell(new Go(runNumber, load));
            }
            if (!load.equals(Go.NONE)) {
                say(load.equals(Go.ALL) ? "each worker loads its own store (the store is embedded in each worker)"
                        : "the workers load the shared store, each its part of the key range");
            }
        }
        return this;
    }

    /** How the store is loaded: each worker all of its own, or each its part of a shared one, or not at all. */
    private String loadMode() {
        boolean embedded = workers.stream().allMatch(w -> w.embedded);
        if (run.phase().equals("LOAD")) {
            return embedded ? Go.ALL : Go.PARTITION;
        }
        boolean autoload = !"false".equalsIgnoreCase(run.settings().getOrDefault("autoload", "true"));
        if (!autoload) {
            return Go.NONE;
        }
        if (embedded) {
            return workers.stream().anyMatch(w -> w.knownEmpty) ? Go.ALL : Go.NONE;
        }
        // A shared store is loaded once, split, and only when every worker saw it empty (so none
        // of them raced another's inserts).
        return workers.stream().allMatch(w -> w.knownEmpty) ? Go.PARTITION : Go.NONE;
    }

    private Behavior<CoordinatorCommand> onFailed(Failed f) {
        if (!current(f.run())) {
            return this;
        }
        WorkerSlot w = slot(f.index());
        String who = w == null ? "a worker" : "worker " + w.name() + " (" + w.address + ")";
        if (stage == Stage.RUNNING && w != null) {
            // Its phase broke: keep what it delivered, as for a lost worker.
            say(who + " failed: " + f.reason());
            lose(w, "failed: " + f.reason());
            return this;
        }
        if (f.storeUnreachable()) {
            // The worker's own words name the store and what its driver said.
            failRun(f.reason(), false, true);
            return this;
        }
        failRun(who + ": " + f.reason(), f.badInput());
        return this;
    }

    private Behavior<CoordinatorCommand> onReady(Ready r) {
        if (!current(r.run())) {
            return this;
        }
        WorkerSlot ready = slot(r.index());
        if (ready == null) {
            return this;
        }
        ready.ready = true;
        if (stage == Stage.LOADING && workers.stream().allMatch(x -> x.ready)) {
            stage = Stage.RUNNING;
            long maxRtt = workers.stream().mapToLong(x -> x.rttMicros).max().orElse(0);
            long startMicros = epochMicros() + run.startMargin().toNanos() / 1000 + 2 * maxRtt;
            for (WorkerSlot x : workers) {
                x.ref.tell(new StartAt(runNumber, startMicros + x.offsetMicros));
            }
            runStartNanos = System.nanoTime() + (startMicros - epochMicros()) * 1000;
            say("all " + workers.size() + " workers ready; the run starts at "
                    + Instant.ofEpochSecond(startMicros / 1_000_000, (startMicros % 1_000_000) * 1000));
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onInterval(IntervalReport r) {
        if (!current(r.run())) {
            return this;
        }
        WorkerSlot w = slot(r.index());
        if (w == null) {
            return this;
        }
        if (w.lost || w.reported()) {
            return this;
        }
        long t0 = System.nanoTime();
        IntervalSnapshot s = r.interval().toSnapshot(-w.offsetMicros / 1000);
        w.interval(s, r.warmUp(), r.cpuPercent());
        List<IntervalMerger.Merged> merged = merger.add(w.index, r.seq(), s, r.elapsedSeconds(), r.inFlight(),
                r.warmUp(), r.cpuPercent());
        // What the coordinator pays per interval: decoding and adding (the files are not counted).
        run.costs().interval(r.interval().bytes(), System.nanoTime() - t0);
        run.output().worker(w, s, r.elapsedSeconds(), r.inFlight(), r.warmUp());
        emit(merged);
        return this;
    }

    private Behavior<CoordinatorCommand> onDone(Done d) {
        if (!current(d.run())) {
            return this;
        }
        WorkerSlot w = slot(d.index());
        if (w == null) {
            return this;
        }
        if (w.lost || w.reported()) {
            return this;
        }
        w.result = d.result().toRunResult(-w.offsetMicros / 1000);
        w.cpuPercent = d.cpuPercent();
        emit(merger.close(w.index));
        maybeFinishRun();
        return this;
    }

    private Behavior<CoordinatorCommand> onStalenessDone(StalenessDone d) {
        if (!current(d.run())) {
            return this;
        }
        WorkerSlot w = slot(d.index());
        if (w == null) {
            return this;
        }
        if (w.lost || w.reported()) {
            return this;
        }
        w.staleness = d.result().toResult();
        w.storeFacts = d.storeFacts() == null ? Map.of() : Map.copyOf(d.storeFacts());
        w.cpuPercent = d.cpuPercent();
        w.lastHeardNanos = System.nanoTime();
        emit(merger.close(w.index));
        maybeFinishRun();
        return this;
    }

    private void emit(List<IntervalMerger.Merged> merged) {
        for (IntervalMerger.Merged m : merged) {
            run.output().merged(m, workers);
        }
    }

    private Behavior<CoordinatorCommand> onStopRun(StopRun s) {
        if (stage == Stage.RUNNING) {
            stopAll(s.reason());
        } else if (stage == Stage.PREPARING || stage == Stage.LOADING) {
            for (WorkerSlot w : workers) {
                w.ref.tell(new Stop(s.reason()));
            }
            failRun("stopped before the run started: " + s.reason(), false);
        } else if (stage == Stage.JOINING || stage == Stage.SYNCING) {
            breakSession("stopped while the workers joined: " + s.reason(), false);
        }
        return this;
    }

    private void stopAll(String reason) {
        if (stopping) {
            return;
        }
        stopping = true;
        stopReason = reason;
        for (WorkerSlot w : workers) {
            if (!w.lost && !w.reported()) {
                w.ref.tell(new Stop(reason));
            }
        }
        timers.startSingleTimer(new DoneTimedOut(runNumber), run.doneTimeout());
    }

    private Behavior<CoordinatorCommand> onDoneTimedOut(DoneTimedOut t) {
        if (!current(t.run()) || stage != Stage.RUNNING) {
            return this;
        }
        for (WorkerSlot w : workers) {
            if (!w.lost && !w.reported()) {
                lose(w, "did not report within " + run.doneTimeout().toSeconds() + " s of the stop");
            }
        }
        maybeFinishRun();
        return this;
    }

    private void maybeFinishRun() {
        if (stage != Stage.RUNNING) {
            return;
        }
        for (WorkerSlot w : workers) {
            if (!w.lost && !w.reported()) {
                return;
            }
        }
        timers.cancel(new DoneTimedOut(runNumber));
        emit(merger.flush());
        stage = Stage.IDLE;
        if (workers.stream().anyMatch(w -> w.lost)) {
            sessionBroken = "a worker was lost in run " + runNumber + ": the session cannot run more phases";
        }
        RunSetup finished = run;
        finished.outcome().complete(new CoordinatorOutcome(List.copyOf(workers), runStartNanos, stopping,
                stopReason));
        if (sessionBroken != null) {
            stage = Stage.CLOSED;
        }
    }

    // --- membership

    private Behavior<CoordinatorCommand> onReachability(ReachabilityChange c) {
        WorkerSlot w = slotAt(c.event().member().address());
        if (w == null) {
            return this;
        }
        if (c.event() instanceof ClusterEvent.UnreachableMember) {
            if (w.unreachableSinceNanos < 0) {
                w.unreachableSinceNanos = System.nanoTime();
                say("worker " + w.name() + " (" + w.address + ") is unreachable");
            }
        } else if (c.event() instanceof ClusterEvent.ReachableMember) {
            if (w.unreachableSinceNanos >= 0 && !w.lost) {
                say("worker " + w.name() + " (" + w.address + ") is reachable again");
            }
            w.unreachableSinceNanos = -1;
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onMember(MemberChange c) {
        if (c.event() instanceof ClusterEvent.MemberRemoved || c.event() instanceof ClusterEvent.MemberDowned
                || c.event() instanceof ClusterEvent.MemberExited) {
            WorkerSlot w = slotAt(c.event().member().address());
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
        if (stage == Stage.CLOSED || w.lost) {
            return;
        }
        if (stage == Stage.RUNNING) {
            if (!w.reported()) {
                lose(w, why);
            }
            return;
        }
        w.lost = true;
        breakSession("worker " + w.name() + " (" + w.address + ") " + why
                + (stage == Stage.IDLE ? " between runs" : " before the run started"), false);
    }

    private void lose(WorkerSlot w, String why) {
        if (w.lost || w.reported()) {
            return;
        }
        // It went between the last interval it delivered and the moment it was found unreachable.
        long found = w.unreachableSinceNanos >= 0 ? w.unreachableSinceNanos : System.nanoTime();
        long lastHeard = w.lastHeardNanos >= 0 ? w.lastHeardNanos : runStartNanos;
        w.lost = true;
        w.lostAfterMs = Math.max(0, (lastHeard - runStartNanos) / 1_000_000);
        w.silentBeforeLossMs = Math.max(0, (found - lastHeard) / 1_000_000);
        w.lostReason = String.format(Locale.ROOT, "%s; last heard %.1f s into the run, found unreachable at %.1f s",
                why, (lastHeard - runStartNanos) / 1e9, (found - runStartNanos) / 1e9);
        say("worker " + w.name() + " (" + w.address + ") lost: " + w.lostReason);
        emit(merger.close(w.index));
        if (setup.onLoss() == OnWorkerLoss.ABORT) {
            stopAll("worker " + w.name() + " was lost (--on-worker-loss abort)");
        }
        maybeFinishRun();
    }

    // --- ending

    private Behavior<CoordinatorCommand> onEndSession(EndSession e) {
        for (WorkerSlot w : workers) {
            if (!w.lost) {
                w.ref.tell(new Finish(e.success()));
            }
        }
        stage = Stage.CLOSED;
        timers.cancelAll();
        return this;
    }

    /** The current run cannot go on (a worker could not prepare); the session can. */
    private void failRun(String message, boolean badInput) {
        failRun(message, badInput, false);
    }

    private void failRun(String message, boolean badInput, boolean storeUnreachable) {
        timers.cancel(new DoneTimedOut(runNumber));
        stage = Stage.IDLE;
        run.outcome().completeExceptionally(new CoordinatorOutcome.Failure(message, badInput, storeUnreachable));
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
        if (run != null) {
            run.outcome().completeExceptionally(failure); // nothing happens when the run had ended
        }
        for (WorkerSlot w : workers) {
            if (!w.lost) {
                w.ref.tell(new Finish(false));
            }
        }
    }

    // --- helpers

    private WorkerSlot slotAt(Address address) {
        for (WorkerSlot w : workers) {
            if (w.ref.path().address().equals(address)) {
                return w;
            }
        }
        return null;
    }

    private static String address(ActorRef<?> ref) {
        Address a = ref.path().address();
        return a.host().isDefined() ? a.host().get() + ":" + a.port().get() : a.toString();
    }

    /**
     * The worker a message says it comes from, or null for an index no admitted worker has (a
     * message from a node that was refused, or a malformed one): it is ignored, never trusted.
     */
    private WorkerSlot slot(int index) {
        return index >= 0 && index < workers.size() ? workers.get(index) : null;
    }

    private String offsets() {
        StringBuilder b = new StringBuilder();
        for (WorkerSlot w : workers) {
            b.append(b.length() == 0 ? "" : ", ").append(w.name()).append(' ').append(w.offsetMicros).append(" us ± ")
                    .append(w.rttMicros / 2).append(" us");
        }
        return b.toString();
    }

    private void say(String line) {
        setup.err().println("openmark cluster: " + line);
    }

    static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }
}
