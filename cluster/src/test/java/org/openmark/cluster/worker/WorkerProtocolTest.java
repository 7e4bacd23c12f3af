package org.openmark.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.Ping;
import org.openmark.cluster.protocol.PhasePlan;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.protocol.Pong;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.Stop;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.cluster.protocol.ToRun;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.cluster.worker.WorkerSetup.SessionEnd;
import org.openmark.config.Settings;
import org.openmark.output.IntervalSink;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;

/**
 * A worker's side of the protocol, state by state, driven message by message: a {@link TestProbe}
 * registered under the coordinator's key stands in for the coordinator, another for the actor of
 * each run, and the worker is its real actor ({@link WorkerActor}) in one local actor system, its
 * runs real runs against the in-process {@code memory} store. No cluster: the test sends the
 * membership changes a cluster would ({@link WorkerActor.MemberChanged}), and says which uid the
 * coordinator's node has. Each test waits on what the worker says or how its session ends, never
 * for a fixed time, except to check that nothing came.
 */
class WorkerProtocolTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] SECRET = "the session's shared secret".getBytes(StandardCharsets.UTF_8);
    private static final HostPort JOIN = new HostPort("127.0.0.1", 25520);
    /** The system uid the test says the coordinator's node has. */
    private static final long COORDINATOR_UID = 4242;
    private static final String CTRL_C = "interrupted on its machine (SIGINT or SIGTERM)";
    /** A run of 300 reads by two clients of the closed model. */
    private static final String[] CLOSED_300 = {"model", "closed", "threadcount", "2", "operationcount", "300"};

    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final CompletableFuture<SessionEnd> ended = new CompletableFuture<>();
    private ActorTestKit kit;
    private TestProbe<ToCoordinator> coordinator;
    private ActorRef<WorkerActor.Command> worker;

    @AfterEach
    void stopWorker() {
        if (kit != null) {
            kit.shutdownTestKit();
        }
    }

    // --- looking for the coordinator, introduced to it

    @Test
    void hello_challengeAndPing_provesTheSecretWithTheNoncesHmac_answersTheProber_andEndsWithFinish() throws Exception {
        start();
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        assertEquals(OpenmarkVersion.current(), hello.version());
        assertEquals(ProcessHandle.current().pid(), hello.pid());
        assertEquals(Runtime.getRuntime().availableProcessors(), hello.cores());

        String nonce = SharedSecret.nonce();
        hello.worker().tell(new Challenge(nonce));
        Register register = coordinator.expectMessageClass(Register.class, WAIT);
        assertEquals(hello.worker(), register.worker());
        assertEquals(SharedSecret.proof(SECRET, nonce), register.proof());
        assertTrue(SharedSecret.verify(SECRET, nonce, register.proof()));
        assertFalse(SharedSecret.verify("another secret".getBytes(StandardCharsets.UTF_8), nonce, register.proof()));

        hello.worker().tell(new Accepted(2, 3, coordinator.ref()));
        TestProbe<Pong> prober = kit.createTestProbe(Pong.class);
        long before = EpochMicrosClock.now();
        hello.worker().tell(new Ping(3, 123_456_789L, prober.ref()));
        Pong pong = prober.expectMessageClass(Pong.class, WAIT);
        long after = EpochMicrosClock.now();
        assertEquals(2, pong.index());
        assertEquals(3, pong.seq());
        assertEquals(123_456_789L, pong.coordinatorNanos(), "the ping's own time comes back, for the round trip");
        assertTrue(pong.workerEpochMicros() >= before && pong.workerEpochMicros() <= after,
                before + " <= " + pong.workerEpochMicros() + " <= " + after);

        hello.worker().tell(new Finish(true, null));
        assertEquals(new SessionEnd(0, false, COORDINATOR_UID, true), end(),
                "done; the coordinator's uid kept, so that a kept worker does not take it for the next one");
        assertTrue(log().contains("joined as worker-3 of 3; waiting for the plan"), log());
    }

    @Test
    void hello_withoutASecret_answersTheChallengeWithAnEmptyProof() {
        start(null, Duration.ofSeconds(20), Set.of(), ConfigFactory.empty());
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        hello.worker().tell(new Challenge(SharedSecret.nonce()));
        assertEquals("", coordinator.expectMessageClass(Register.class, WAIT).proof(),
                "the coordinator then refuses it, saying a secret is required");
    }

    @Test
    void refused_endsTheSessionWithExitCodeTwo_sayingTheCoordinatorsReason() throws Exception {
        start();
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        String reason = "the session has its 1 workers and has started: a worker cannot join late";
        hello.worker().tell(new Refused(reason));

        SessionEnd end = end();
        assertEquals(2, end.code());
        assertTrue(end.coordinatorGone(), "nothing to leave gracefully");
        assertTrue(log().contains("the coordinator refused this worker: " + reason), log());
        coordinator.expectNoMessage(Duration.ofMillis(200));
    }

    @Test
    void joinTimeout_noCoordinatorAdmitsTheWorker_endsWithExitCodeOne_sayingWhereItLooked() throws Exception {
        // The join timeout is the actor's timer: Pekko's scheduler runs on manual time here.
        start(SECRET, Duration.ofSeconds(30), Set.of(), ManualTime.config());
        ManualTime time = ManualTime.get(kit.system());
        coordinator.expectMessageClass(Hello.class, WAIT); // greeted, never answered

        time.timePasses(Duration.ofSeconds(29));
        assertFalse(ended.isDone());
        time.timePasses(Duration.ofSeconds(1));
        SessionEnd end = end();
        assertEquals(new SessionEnd(1, false, 0, false), end, "no coordinator: this node leaves as any does");
        assertTrue(log().contains("could not join the coordinator at 127.0.0.1:25520 within 30s: is it running"
                + " (bin/openmark run --cluster 127.0.0.1:25520 ...)"), log());
    }

    @Test
    void stopHere_beforeAnyCoordinatorAdmittedTheWorker_endsTheSessionAtOnce() throws Exception {
        start();
        coordinator.expectMessageClass(Hello.class, WAIT);
        worker.tell(new WorkerActor.StopHere(CTRL_C));
        assertEquals(new SessionEnd(1, false, 0, false), end());
        assertTrue(log().contains("stopped before a coordinator admitted this worker"), log());
    }

    @Test
    void listing_aCoordinatorWhoseSessionThisWorkerServed_isNotGreeted_andTheSessionIsNone() throws Exception {
        start(SECRET, null, Set.of(COORDINATOR_UID), ConfigFactory.empty());
        assertEquals(new SessionEnd(1, true, 0, true), end(), "a kept worker tries again with a fresh node");
        coordinator.expectNoMessage(Duration.ofMillis(200));
        assertTrue(log().contains("joined the coordinator of the session that just ended"), log());
    }

    @Test
    void left_theCoordinatorLeavesBeforeAdmittingTheWorker_theSessionIsNone() throws Exception {
        start();
        coordinator.expectMessageClass(Hello.class, WAIT);
        worker.tell(left());
        assertTrue(end().joinedEnded());
        assertTrue(log().contains("left before admitting this worker"), log());
    }

    // --- admitted, between runs

    @Test
    void finish_unsuccessful_endsWithExitCodeOne_sayingWhy() throws Exception {
        start();
        admitted().tell(new Finish(false, "only 1 of 2 workers joined within 1m"));
        assertEquals(1, end().code());
        assertTrue(log().contains("the coordinator ended the session: only 1 of 2 workers joined within 1m"), log());
    }

    @Test
    void left_theCoordinatorGoesBetweenRuns_endsWithExitCodeOne() throws Exception {
        start();
        admitted();
        worker.tell(left());
        assertEquals(new SessionEnd(1, false, COORDINATOR_UID, true), end());
        assertTrue(log().contains("left the cluster: stopping now"), log());
    }

    // --- running

    @Test
    void plan_runsTheShareAgainstTheMemoryStore_ignoresAnEarlierRunsGoAndStart_andReportsTheResult() throws Exception {
        start();
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> run = prepared(at, 2, CLOSED_300);
        // Run 1's Go and StartAt, late: had the worker taken them it would not load (and find no
        // record), and it would wait an hour for its start.
        at.tell(new Go(1, Load.NONE));
        at.tell(new StartAt(1, EpochMicrosClock.now() + 3_600_000_000L));
        Reports reports = loadAndStart(at, run, 2);

        Done done = reports.next(Done.class);
        assertEquals(0, done.index());
        assertNull(done.stopReason());
        RunResult r = done.result().toRunResult(0);
        assertFalse(r.interrupted());
        assertEquals(300, r.accounting().issued());
        assertEquals(Map.of(Status.OK, 300L), r.accounting().statuses(), "every read found its loaded record");
        assertEquals(300, reports.completed(), "the intervals sent hold every operation of the result");

        at.tell(new Finish(true, null));
        assertEquals(0, end().code());
    }

    @Test
    void plan_aPropertyTheWorkerRefuses_failsTheRunAsBadInput_andTheSessionGoesOn() throws Exception {
        start();
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> run = kit.createTestProbe(ToRun.class);
        // The workload's properties are resolved by its provider on the worker (a workload file the
        // coordinator's machine has and the worker's lacks is refused there): one the worker refuses.
        at.tell(withProperty(plan(1, run, "operationcount", "10"), "requestdistribution", "zipfan"));
        Failed failed = run.expectMessageClass(Failed.class, WAIT);
        assertTrue(failed.badInput(), failed::toString);
        assertTrue(failed.reason().contains("requestdistribution"), failed.reason());

        TestProbe<Pong> prober = kit.createTestProbe(Pong.class);
        at.tell(new Ping(1, 1, prober.ref()));
        prober.expectMessageClass(Pong.class, WAIT); // idle again, and answering
        at.tell(new Finish(false, null));
        assertEquals(1, end().code());
    }

    @Test
    void stop_midRun_endsTheRunEarly_andTheWorkerStillReportsWhatItDid() throws Exception {
        start();
        Midway run = midway();
        assertEquals(0, run.first().seq());

        run.worker().tell(new Stop("stopped by the test"));
        Done done = run.reports().next(Done.class);
        assertNull(done.stopReason(), "the coordinator stopped it: not a stop on its own machine");
        assertStoppedEarly(done.result().toRunResult(0), run);

        run.worker().tell(new Finish(true, null));
        assertEquals(0, end().code());
    }

    @Test
    void stopHere_midRun_reportsWhyItStopped_andStopsTheSessionsNextRunAtOnce() throws Exception {
        start();
        Midway run = midway();

        worker.tell(new WorkerActor.StopHere(CTRL_C));
        Done done = run.reports().next(Done.class);
        assertEquals(CTRL_C, done.stopReason());
        assertStoppedEarly(done.result().toRunResult(0), run);

        TestProbe<ToRun> next = prepared(run.worker(), 2, "model", "closed", "threadcount", "2", "operationcount",
                "100000");
        RunResult second = loadAndStart(run.worker(), next, 2).next(Done.class).result().toRunResult(0);
        assertTrue(second.interrupted() && second.accounting().issued() < 100_000, second.accounting()::toString);

        run.worker().tell(new Finish(true, null));
        assertEquals(0, end().code(), "it reported both runs");
    }

    @Test
    void stop_beforeTheStart_endsThatRunOnly_andTheSessionsNextRunRunsInFull() throws Exception {
        start();
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> first = prepared(at, 1, CLOSED_300);
        // The coordinator stops run 1 before its start (its run's actor fails it), and the session goes on.
        at.tell(new Stop("stopped before the run started: the test"));

        TestProbe<ToRun> second = prepared(at, 2, CLOSED_300);
        RunResult r = loadAndStart(at, second, 2).next(Done.class).result().toRunResult(0);
        assertFalse(r.interrupted(), "run 1's stop is not run 2's");
        assertEquals(300, r.accounting().issued());
        assertEquals(Map.of(Status.OK, 300L), r.accounting().statuses());
        first.expectNoMessage(Duration.ofMillis(100));
        assertTrue(log().contains("the coordinator ended run 1 before it started"), log());

        at.tell(new Finish(true, null));
        assertEquals(1, end().code(), "run 1 failed: the session's exit code says so");
    }

    @Test
    void finish_whileARunWaitsForItsStart_givesTheRunUp_andEndsTheSession() throws Exception {
        start();
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> run = prepared(at, 1, CLOSED_300);
        at.tell(new Finish(false, "worker-2 (127.0.0.1:4002) left the cluster (removed) before the run started"));

        assertEquals(1, end().code());
        assertTrue(log().contains("the coordinator ended the session: worker-2"), log());
        run.expectNoMessage(Duration.ofMillis(100));
    }

    @Test
    void left_theCoordinatorIsLostMidRun_theRunStops_itsPartialResultIsKeptLocally_exitCodeOne() throws Exception {
        start();
        IntervalReport first = midway().first();

        worker.tell(left());
        assertEquals(1, end().code());
        JsonNode partial = new ObjectMapper().readTree(dir.resolve("partial/result.json").toFile());
        assertTrue(partial.get("interrupted").asBoolean(), partial::toString);
        long issued = partial.at("/accounting/issued").asLong();
        assertTrue(issued >= first.interval().issued() && issued < 100_000, partial::toString);
        assertTrue(log().contains("stopping now (operations still outstanding get the grace period)"), log());
    }

    @Test
    void left_theCoordinatorIsLostBeforeTheStart_nothingWasMeasured_exitCodeOne() throws Exception {
        start();
        prepared(admitted(), 1, CLOSED_300);

        worker.tell(left());
        assertEquals(1, end().code());
        assertTrue(log().contains("nothing was measured yet"), log());
        assertFalse(Files.exists(dir.resolve("partial/result.json")));
    }

    @Test
    void unreachable_thenReachable_holdsTheIntervalsAndTheResult_thenDeliversThemInOrder() throws Exception {
        CompletableFuture<RunResult> measured = new CompletableFuture<>();
        start(SECRET, Duration.ofSeconds(20), Set.of(), ConfigFactory.empty(), watching(measured));
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> run = prepared(at, 1, "model", "open", "rate", "200", "arrival", "constant", "operationcount",
                "500");
        at.tell(new Go(1, Load.ALL));
        run.expectMessageClass(Ready.class, WAIT);
        worker.tell(new WorkerActor.MemberChanged(new MemberEvents.Unreachable(coordinatorAddress())));
        at.tell(new StartAt(1, EpochMicrosClock.now()));

        RunResult result = measured.get(30, TimeUnit.SECONDS); // the run went on to its end
        run.expectNoMessage(Duration.ofMillis(300));
        worker.tell(new WorkerActor.MemberChanged(new MemberEvents.Reachable(coordinatorAddress())));
        Reports reports = new Reports(run);
        Done done = reports.next(Done.class);
        assertEquals(reports.seqs().size(), reports.seqs().getLast() + 1, "every interval, in order: " + reports.seqs());
        assertTrue(reports.seqs().size() >= 2, reports.seqs()::toString);
        assertEquals(result.accounting().completed() + result.accounting().warmUp(), reports.completed());
        assertEquals(500, done.result().toRunResult(0).accounting().issued());
        assertTrue(log().contains("delivered the " + reports.seqs().size() + " interval(s) held, then its result"),
                log());

        at.tell(new Finish(true, null));
        assertEquals(0, end().code());
    }

    @Test
    void unreachable_longerThanTheLimit_theCoordinatorIsLost_andThePartialResultIsKept() throws Exception {
        start(SECRET, Duration.ofSeconds(20), Set.of(), ConfigFactory.parseString(
                "openmark.worker.coordinator-unreachable-limit = 300ms"));
        midway();
        worker.tell(new WorkerActor.MemberChanged(new MemberEvents.Unreachable(coordinatorAddress())));

        assertEquals(1, end().code());
        assertTrue(log().contains("the coordinator was unreachable for 300ms"), log());
        assertTrue(Files.exists(dir.resolve("partial/result.json")), log());
    }

    // --- helpers

    private void start() {
        start(SECRET, Duration.ofSeconds(20), Set.of(), ConfigFactory.empty());
    }

    private void start(byte[] secret, Duration joinTimeout, Set<Long> endedCoordinators, Config config) {
        start(secret, joinTimeout, endedCoordinators, config, PhaseWatch.NONE);
    }

    /**
     * A worker in a test kit of its own (so that it finds its own coordinator, the only one under the
     * key), with {@code config} over openmark's worker settings.
     */
    private void start(byte[] secret, Duration joinTimeout, Set<Long> endedCoordinators, Config config,
            PhaseWatch watch) {
        kit = ActorTestKit.create("WorkerProtocolTest", config.withFallback(
                ConfigFactory.parseResources("openmark-cluster.conf").withOnlyPath("openmark")));
        coordinator = kit.createTestProbe(ToCoordinator.class);
        kit.system().receptionist().tell(Receptionist.register(ToCoordinator.KEY, coordinator.ref()));
        WorkerSetup setup = new WorkerSetup(secret, JOIN, joinTimeout, endedCoordinators, dir.resolve("partial"), null,
                watch, new PrintStream(log, true, StandardCharsets.UTF_8), Clock.system(), ended);
        worker = kit.spawn(WorkerActor.create(setup, new OneCoordinator()));
    }

    /** The cluster as the test tells it: one member, the coordinator's node, with a known uid. */
    private static final class OneCoordinator implements MemberEvents {
        @Override
        public <T> void subscribe(ActorContext<T> ctx, Function<Change, T> wrap) {
        }

        @Override
        public long uidOf(ActorSystem<?> system, Address address) {
            return address.equals(system.address()) ? COORDINATOR_UID : 0;
        }
    }

    private Address coordinatorAddress() {
        return coordinator.ref().path().address();
    }

    private WorkerActor.MemberChanged left() {
        return new WorkerActor.MemberChanged(new MemberEvents.Left(coordinatorAddress(), "removed"));
    }

    private SessionEnd end() throws Exception {
        return ended.get(30, TimeUnit.SECONDS);
    }

    private String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    /** Takes the worker through hello, challenge and register; returns where it takes the coordinator's messages. */
    private ActorRef<ToWorker> admitted() {
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        String nonce = SharedSecret.nonce();
        hello.worker().tell(new Challenge(nonce));
        assertTrue(SharedSecret.verify(SECRET, nonce, coordinator.expectMessageClass(Register.class, WAIT).proof()));
        hello.worker().tell(new Accepted(0, 1, coordinator.ref()));
        return hello.worker();
    }

    /**
     * Tells the admitted worker (at {@code at}) run {@code run}'s plan, {@code pairs} added, and waits
     * until it is prepared; returns the probe that stands in for the run's actor.
     */
    private TestProbe<ToRun> prepared(ActorRef<ToWorker> at, int run, String... pairs) {
        TestProbe<ToRun> probe = kit.createTestProbe(ToRun.class);
        at.tell(plan(run, probe, pairs));
        assertEquals(new Prepared(0, true, true), probe.expectMessageClass(Prepared.class, WAIT),
                "memory: embedded, and empty until loaded");
        return probe;
    }

    /** A run under way: the worker, its reports from its start on, and its first interval (read already). */
    private record Midway(ActorRef<ToWorker> worker, Reports reports, IntervalReport first) {
    }

    /**
     * The worker admitted, and run 1 under way for a while: 100 000 operations at 200/s (500 s, unless
     * stopped), its first interval sent.
     */
    private Midway midway() {
        ActorRef<ToWorker> at = admitted();
        TestProbe<ToRun> run = prepared(at, 1, "model", "open", "rate", "200", "arrival", "constant", "operationcount",
                "100000");
        Reports reports = loadAndStart(at, run, 1);
        return new Midway(at, reports, reports.next(IntervalReport.class));
    }

    /** A run stopped early reports what it did: no more than it issued, every completion in its intervals. */
    private static void assertStoppedEarly(RunResult r, Midway run) {
        assertTrue(r.interrupted());
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
        assertTrue(r.accounting().issued() >= run.first().interval().issued(), r.accounting()::toString);
        assertTrue(r.accounting().issued() < 100_000, r.accounting()::toString);
        assertEquals(r.accounting().completed() + r.accounting().warmUp(), run.reports().completed(),
                "the intervals sent hold every operation completed");
    }

    /**
     * Tells the worker, prepared for run {@code run}, to load its store in full, waits until it says
     * it is ready, and starts it now; returns its reports from then on.
     */
    private static Reports loadAndStart(ActorRef<ToWorker> worker, TestProbe<ToRun> probe, int run) {
        worker.tell(new Go(run, Load.ALL));
        Reports reports = new Reports(probe);
        reports.next(Ready.class);
        worker.tell(new StartAt(run, EpochMicrosClock.now()));
        return reports;
    }

    /** Run {@code run}'s plan for the only worker: reads of 100 records of the memory store, with {@code pairs} added. */
    private static Plan plan(int run, TestProbe<ToRun> probe, String... pairs) {
        Map<String, String> settings = new HashMap<>(Map.of("store", "memory", "workload", "core", "recordcount", "100",
                "readproportion", "1", "updateproportion", "0", "seed", "7", "status.interval", "1", "share", "1/1"));
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put(pairs[i], pairs[i + 1]);
        }
        RunConfig cfg = RunConfigParser.parse(Phase.RUN, Settings.of(settings), null, true);
        return new Plan(run, probe.ref(), PhasePlan.of(cfg), 0, 1);
    }

    /** {@code plan} with the property {@code name=value} among the user's properties it carries. */
    private static Plan withProperty(Plan plan, String name, String value) throws ReflectiveOperationException {
        PhasePlan p = (PhasePlan) plan.config();
        Map<String, String> properties = new HashMap<>(p.properties());
        properties.put(name, value);
        java.lang.reflect.RecordComponent[] components = PhasePlan.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().equals("properties") ? properties
                    : components[i].getAccessor().invoke(p);
        }
        PhasePlan edited = PhasePlan.class.getDeclaredConstructor(types).newInstance(values);
        return new Plan(plan.run(), plan.replyTo(), edited, plan.index(), plan.count());
    }

    /** A watch that is told each phase's result on the worker, as {@code worker --metrics} is. */
    private static PhaseWatch watching(CompletableFuture<RunResult> measured) {
        return new PhaseWatch() {
            @Override
            public List<IntervalSink> sinks(RunConfig cfg) {
                return List.of();
            }

            @Override
            public void ended(RunResult result) {
                measured.complete(result);
            }
        };
    }

    /** What a worker tells the run's actor, read in order; the intervals on the way are counted. */
    private static final class Reports {
        private final TestProbe<ToRun> probe;
        private final List<Integer> seqs = new ArrayList<>();
        private long completed;

        Reports(TestProbe<ToRun> probe) {
            this.probe = probe;
        }

        /** The next report of {@code type} (an interval's operations are counted whether it is the one or not). */
        <T extends ToRun> T next(Class<T> type) {
            while (true) {
                ToRun m = probe.receiveMessage(WAIT);
                if (m instanceof IntervalReport i) {
                    completed += i.interval().toSnapshot(0).completed();
                    seqs.add(i.seq());
                }
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
                assertTrue(m instanceof IntervalReport, "unexpected " + m);
            }
        }

        /** The operations completed in the intervals read so far. */
        long completed() {
            return completed;
        }

        /** The numbers of the intervals read so far, in the order they came. */
        List<Integer> seqs() {
            return seqs;
        }
    }
}
