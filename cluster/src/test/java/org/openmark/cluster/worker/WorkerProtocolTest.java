package org.openmark.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Accepted;
import org.openmark.cluster.coordinator.CoordinatorActor.Challenge;
import org.openmark.cluster.coordinator.CoordinatorActor.Finish;
import org.openmark.cluster.coordinator.CoordinatorActor.FromWorker;
import org.openmark.cluster.coordinator.CoordinatorActor.Hello;
import org.openmark.cluster.coordinator.CoordinatorActor.Ping;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.coordinator.CoordinatorActor.Pong;
import org.openmark.cluster.coordinator.CoordinatorActor.Refused;
import org.openmark.cluster.coordinator.CoordinatorActor.Register;
import org.openmark.cluster.coordinator.CoordinatorActor.Stop;
import org.openmark.cluster.coordinator.CoordinatorActor.ToWorker;
import org.openmark.cluster.coordinator.RunActor;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.run.RunResult;
import org.openmark.run.Version;

/**
 * A worker's side of the protocol, driven message by message: a {@link TestProbe} registered under
 * the coordinator's key stands in for the coordinator, another for the run's actor, and the
 * worker is its real actor and job ({@link WorkerActor}, {@link WorkerJob}) in one local actor
 * system, its runs against the in-process {@code memory} store. No cluster: the actor hears no
 * membership ({@link MemberEvents#NONE}), so it knows no node's uid.
 */
class WorkerProtocolTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] SECRET = "the session's shared secret".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private ActorTestKit kit;
    private TestProbe<FromWorker> coordinator;
    private WorkerJob job;
    /** The job's exit code, once its session ended. */
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();

    @BeforeEach
    void startWorker() {
        // A test kit per test: each worker finds its own coordinator, the only one under the key.
        kit = ActorTestKit.create("WorkerProtocolTest",
                ConfigFactory.parseResources("openmark-cluster.conf").withOnlyPath("openmark"));
        coordinator = kit.createTestProbe(FromWorker.class);
        kit.system().receptionist().tell(Receptionist.register(CoordinatorActor.KEY, coordinator.ref()));
        job = new WorkerJob(Duration.ofSeconds(20), dir.resolve("partial"), null, PhaseWatch.NONE,
                new PrintStream(log, true, StandardCharsets.UTF_8), Clock.system());
        kit.spawn(WorkerActor.create(job.link(), SECRET, kit.system().address(), Set.of(), MemberEvents.NONE));
        Thread.ofPlatform().daemon(true).name("worker-job").start(() -> {
            try {
                exit.complete(job.run("the test's coordinator"));
            } catch (Throwable t) {
                exit.completeExceptionally(t);
            }
        });
    }

    @AfterEach
    void stopWorker() {
        job.link().coordinatorLost("the test is over"); // ends a job a failed test left waiting
        kit.shutdownTestKit();
    }

    @Test
    void worker_saysHello_provesTheSecretWithTheNoncesHmac_answersPings_andEndsWithFinish() throws Exception {
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        assertEquals(Version.current(), hello.version());
        assertEquals(ProcessHandle.current().pid(), hello.pid());
        assertEquals(Runtime.getRuntime().availableProcessors(), hello.cores());

        String nonce = SharedSecret.nonce();
        hello.worker().tell(new Challenge(nonce));
        Register register = coordinator.expectMessageClass(Register.class, WAIT);
        assertEquals(hello.worker(), register.worker());
        assertEquals(SharedSecret.proof(SECRET, nonce), register.proof());
        assertTrue(SharedSecret.verify(SECRET, nonce, register.proof()));
        assertFalse(SharedSecret.verify("another secret".getBytes(StandardCharsets.UTF_8), nonce, register.proof()));

        hello.worker().tell(new Accepted(0, 1, coordinator.ref()));
        long before = EpochMicrosClock.now();
        hello.worker().tell(new Ping(3, 123_456_789L));
        Pong pong = coordinator.expectMessageClass(Pong.class, WAIT);
        long after = EpochMicrosClock.now();
        assertEquals(0, pong.index());
        assertEquals(3, pong.seq());
        assertEquals(123_456_789L, pong.coordinatorNanos(), "the ping's own time comes back, for the round trip");
        assertTrue(pong.workerEpochMicros() >= before && pong.workerEpochMicros() <= after,
                before + " <= " + pong.workerEpochMicros() + " <= " + after);

        hello.worker().tell(new Finish(true, null));
        assertEquals(0, exit.get(10, TimeUnit.SECONDS));
    }

    @Test
    void refused_endsTheWorkerWithExitCodeTwo_andTheCoordinatorsReason() throws Exception {
        Hello hello = coordinator.expectMessageClass(Hello.class, WAIT);
        String reason = "the session has its 1 workers and has started: a worker cannot join late";
        hello.worker().tell(new Refused(reason));

        assertEquals(2, exit.get(10, TimeUnit.SECONDS));
        assertTrue(job.link().refusedThis());
        assertEquals("the coordinator refused this worker: " + reason, job.link().goneReason());
        coordinator.expectNoMessage(Duration.ofMillis(200));
    }

    @Test
    void plan_runsTheShareAgainstTheMemoryStore_ignoresAnEarlierRunsGoAndStart_andReportsTheResult()
            throws Exception {
        ActorRef<ToWorker> worker = admitted();
        TestProbe<RunActor.FromWorker> phase = kit.createTestProbe(RunActor.FromWorker.class);
        worker.tell(plan(2, phase, "model", "closed", "threadcount", "2", "operationcount", "300"));

        RunActor.Prepared prepared = phase.expectMessageClass(RunActor.Prepared.class, WAIT);
        assertEquals(new RunActor.Prepared(0, true, true), prepared, "memory: embedded, and empty until loaded");
        // Run 1's Go and StartAt, late: had the worker taken them it would not load (and find no
        // record), and it would wait an hour for its start.
        worker.tell(new RunActor.Go(1, Load.NONE));
        worker.tell(new RunActor.StartAt(1, EpochMicrosClock.now() + 3_600_000_000L));
        Reports reports = loadAndStart(worker, phase, 2);

        RunActor.Done done = reports.next(RunActor.Done.class);
        assertEquals(0, done.index());
        assertNull(done.stopReason());
        RunResult r = done.result().toRunResult(0);
        assertFalse(r.interrupted());
        assertEquals(300, r.accounting().issued());
        assertEquals(Map.of(Status.OK, 300L), r.accounting().statuses(), "every read found its loaded record");
        assertEquals(300, reports.completed(), "the intervals sent hold every operation of the result");

        worker.tell(new Finish(true, null));
        assertEquals(0, exit.get(10, TimeUnit.SECONDS));
    }

    @Test
    void stop_midPhase_endsThePhaseEarly_andTheWorkerStillReportsWhatItDid() throws Exception {
        Midway run = midway();
        RunActor.IntervalReport first = run.first();
        assertEquals(0, first.seq());

        run.worker().tell(new Stop("stopped by the test"));
        Reports reports = run.reports();
        RunActor.Done done = reports.next(RunActor.Done.class);
        assertNull(done.stopReason(), "the coordinator stopped it: not a stop on its own machine");
        RunResult r = done.result().toRunResult(0);
        assertTrue(r.interrupted());
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
        assertTrue(r.accounting().issued() >= first.interval().issued(), r.accounting()::toString);
        assertTrue(r.accounting().issued() < 100_000, r.accounting()::toString);
        assertEquals(r.accounting().completed() + r.accounting().warmUp(), reports.completed(),
                "the intervals sent hold every operation completed");

        run.worker().tell(new Finish(true, null));
        assertEquals(0, exit.get(10, TimeUnit.SECONDS));
    }

    @Test
    void coordinatorLost_midPhase_stopsThePhase_keepsThePartialResultLocally_andExitsWithOne() throws Exception {
        RunActor.IntervalReport first = midway().first();

        // What the actor tells the link when the coordinator's node leaves or is downed (its membership
        // events are the cluster's; this actor system has none).
        job.link().coordinatorLost("the coordinator at the test's address left the cluster");
        assertEquals(1, exit.get(10, TimeUnit.SECONDS));
        JsonNode partial = new ObjectMapper().readTree(dir.resolve("partial/result.json").toFile());
        assertTrue(partial.get("interrupted").asBoolean(), partial::toString);
        long issued = partial.at("/accounting/issued").asLong();
        assertTrue(issued >= first.interval().issued() && issued < 100_000, partial::toString);
    }

    @Test
    void stop_beforeTheStart_endsThatRunOnly_andTheSessionsNextRunRunsInFull() throws Exception {
        ActorRef<ToWorker> worker = admitted();
        TestProbe<RunActor.FromWorker> first = kit.createTestProbe(RunActor.FromWorker.class);
        worker.tell(plan(1, first, "model", "closed", "threadcount", "2", "operationcount", "300"));
        first.expectMessageClass(RunActor.Prepared.class, WAIT);
        // The coordinator stops run 1 before its start (its run's actor fails it), and the session goes on.
        worker.tell(new Stop("stopped before the run started: the test"));

        TestProbe<RunActor.FromWorker> second = kit.createTestProbe(RunActor.FromWorker.class);
        worker.tell(plan(2, second, "model", "closed", "threadcount", "2", "operationcount", "300"));
        assertEquals(new RunActor.Prepared(0, true, true), second.expectMessageClass(RunActor.Prepared.class, WAIT));
        RunResult r = loadAndStart(worker, second, 2).next(RunActor.Done.class).result().toRunResult(0);
        assertFalse(r.interrupted(), "run 1's stop is not run 2's");
        assertEquals(300, r.accounting().issued());
        assertEquals(Map.of(Status.OK, 300L), r.accounting().statuses());
        first.expectNoMessage(Duration.ofMillis(100));

        worker.tell(new Finish(true, null));
        assertEquals(1, exit.get(10, TimeUnit.SECONDS), "run 1 failed: the session's exit code says so");
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

    /** A run under way: the worker, its reports from its start on, and its first interval (read already). */
    private record Midway(ActorRef<ToWorker> worker, Reports reports, RunActor.IntervalReport first) {
    }

    /**
     * The worker admitted, and run 1 under way for a while: 100 000 operations at 200/s (500 s, unless
     * stopped), its first interval sent.
     */
    private Midway midway() {
        ActorRef<ToWorker> worker = admitted();
        TestProbe<RunActor.FromWorker> phase = kit.createTestProbe(RunActor.FromWorker.class);
        worker.tell(plan(1, phase, "model", "open", "rate", "200", "arrival", "constant", "operationcount", "100000"));
        phase.expectMessageClass(RunActor.Prepared.class, WAIT);
        Reports reports = loadAndStart(worker, phase, 1);
        return new Midway(worker, reports, reports.next(RunActor.IntervalReport.class));
    }

    /**
     * Tells the worker, prepared for run {@code run}, to load its store in full, waits until it says
     * it is ready, and starts it now; returns its reports from then on.
     */
    private static Reports loadAndStart(ActorRef<ToWorker> worker, TestProbe<RunActor.FromWorker> phase, int run) {
        worker.tell(new RunActor.Go(run, Load.ALL));
        Reports reports = new Reports(phase);
        reports.next(RunActor.Ready.class);
        worker.tell(new RunActor.StartAt(run, EpochMicrosClock.now()));
        return reports;
    }

    /** Run {@code run}'s plan for the only worker: reads of 100 records of the memory store, with {@code pairs} added. */
    private static Plan plan(int run, TestProbe<RunActor.FromWorker> phase, String... pairs) {
        Map<String, String> settings = new HashMap<>(Map.of("store", "memory", "workload", "core", "recordcount", "100",
                "readproportion", "1", "updateproportion", "0", "seed", "7", "status.interval", "1", "share", "1/1"));
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put(pairs[i], pairs[i + 1]);
        }
        return new Plan(run, phase.ref(), PlanPhase.RUN, settings, 0, 1);
    }

    /** What a worker tells the run's actor, read in order; the intervals on the way are counted. */
    private static final class Reports {
        private final TestProbe<RunActor.FromWorker> phase;
        private long completed;

        Reports(TestProbe<RunActor.FromWorker> phase) {
            this.phase = phase;
        }

        /** The next report of {@code type} (an interval's operations are counted whether it is the one or not). */
        <T extends RunActor.FromWorker> T next(Class<T> type) {
            while (true) {
                RunActor.FromWorker m = phase.receiveMessage(WAIT);
                if (m instanceof RunActor.IntervalReport i) {
                    completed += i.interval().toSnapshot(0).completed();
                }
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
                assertTrue(m instanceof RunActor.IntervalReport, "unexpected " + m);
            }
        }

        /** The operations completed in the intervals read so far. */
        long completed() {
            return completed;
        }
    }
}
