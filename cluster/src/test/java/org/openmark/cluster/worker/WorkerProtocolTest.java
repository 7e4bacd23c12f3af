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
import org.openmark.cluster.coordinator.PhaseActor;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Membership;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.protocol.Secrets;
import org.openmark.run.RunResult;
import org.openmark.run.Version;

/**
 * A worker's side of the protocol, driven message by message: a {@link TestProbe} registered under
 * the coordinator's key stands in for the coordinator, another for the run's actor, and the
 * worker is its real actor and job ({@link WorkerActor}, {@link WorkerJob}) in one local actor
 * system, its runs against the in-process {@code memory} store. No cluster: the actor hears no
 * membership ({@link Membership#NONE}), so it knows no node's uid.
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
        kit.spawn(WorkerActor.create(job.link(), SECRET, kit.system().address(), Set.of(), Membership.NONE));
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

        String nonce = Secrets.nonce();
        hello.worker().tell(new Challenge(nonce));
        Register register = coordinator.expectMessageClass(Register.class, WAIT);
        assertEquals(hello.worker(), register.worker());
        assertEquals(Secrets.proof(SECRET, nonce), register.proof());
        assertTrue(Secrets.verify(SECRET, nonce, register.proof()));
        assertFalse(Secrets.verify("another secret".getBytes(StandardCharsets.UTF_8), nonce, register.proof()));

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
        TestProbe<PhaseActor.FromWorker> phase = kit.createTestProbe(PhaseActor.FromWorker.class);
        worker.tell(plan(2, phase, "model", "closed", "threadcount", "2", "operationcount", "300"));

        PhaseActor.Prepared prepared = phase.expectMessageClass(PhaseActor.Prepared.class, WAIT);
        assertEquals(new PhaseActor.Prepared(0, true, true), prepared, "memory: embedded, and empty until loaded");
        // Run 1's Go and StartAt, late: had the worker taken them it would not load (and find no
        // record), and it would wait an hour for its start.
        worker.tell(new PhaseActor.Go(1, Load.NONE));
        worker.tell(new PhaseActor.StartAt(1, EpochMicrosClock.now() + 3_600_000_000L));
        Reports reports = loadAndStart(worker, phase, 2);

        PhaseActor.Done done = reports.next(PhaseActor.Done.class);
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
        PhaseActor.IntervalReport first = run.first();
        assertEquals(0, first.seq());

        run.worker().tell(new Stop("stopped by the test"));
        Reports reports = run.reports();
        PhaseActor.Done done = reports.next(PhaseActor.Done.class);
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
        PhaseActor.IntervalReport first = midway().first();

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
        TestProbe<PhaseActor.FromWorker> first = kit.createTestProbe(PhaseActor.FromWorker.class);
        worker.tell(plan(1, first, "model", "closed", "threadcount", "2", "operationcount", "300"));
        first.expectMessageClass(PhaseActor.Prepared.class, WAIT);
        // The coordinator stops run 1 before its start (its run's actor fails it), and the session goes on.
        worker.tell(new Stop("stopped before the run started: the test"));

        TestProbe<PhaseActor.FromWorker> second = kit.createTestProbe(PhaseActor.FromWorker.class);
        worker.tell(plan(2, second, "model", "closed", "threadcount", "2", "operationcount", "300"));
        assertEquals(new PhaseActor.Prepared(0, true, true), second.expectMessageClass(PhaseActor.Prepared.class, WAIT));
        RunResult r = loadAndStart(worker, second, 2).next(PhaseActor.Done.class).result().toRunResult(0);
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
        String nonce = Secrets.nonce();
        hello.worker().tell(new Challenge(nonce));
        assertTrue(Secrets.verify(SECRET, nonce, coordinator.expectMessageClass(Register.class, WAIT).proof()));
        hello.worker().tell(new Accepted(0, 1, coordinator.ref()));
        return hello.worker();
    }

    /** A run under way: the worker, its reports from its start on, and its first interval (read already). */
    private record Midway(ActorRef<ToWorker> worker, Reports reports, PhaseActor.IntervalReport first) {
    }

    /**
     * The worker admitted, and run 1 under way for a while: 100 000 operations at 200/s (500 s, unless
     * stopped), its first interval sent.
     */
    private Midway midway() {
        ActorRef<ToWorker> worker = admitted();
        TestProbe<PhaseActor.FromWorker> phase = kit.createTestProbe(PhaseActor.FromWorker.class);
        worker.tell(plan(1, phase, "model", "open", "rate", "200", "arrival", "constant", "operationcount", "100000"));
        phase.expectMessageClass(PhaseActor.Prepared.class, WAIT);
        Reports reports = loadAndStart(worker, phase, 1);
        return new Midway(worker, reports, reports.next(PhaseActor.IntervalReport.class));
    }

    /**
     * Tells the worker, prepared for run {@code run}, to load its store in full, waits until it says
     * it is ready, and starts it now; returns its reports from then on.
     */
    private static Reports loadAndStart(ActorRef<ToWorker> worker, TestProbe<PhaseActor.FromWorker> phase, int run) {
        worker.tell(new PhaseActor.Go(run, Load.ALL));
        Reports reports = new Reports(phase);
        reports.next(PhaseActor.Ready.class);
        worker.tell(new PhaseActor.StartAt(run, EpochMicrosClock.now()));
        return reports;
    }

    /** Run {@code run}'s plan for the only worker: reads of 100 records of the memory store, with {@code pairs} added. */
    private static Plan plan(int run, TestProbe<PhaseActor.FromWorker> phase, String... pairs) {
        Map<String, String> settings = new HashMap<>(Map.of("store", "memory", "workload", "core", "recordcount", "100",
                "readproportion", "1", "updateproportion", "0", "seed", "7", "status.interval", "1", "share", "1/1"));
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put(pairs[i], pairs[i + 1]);
        }
        return new Plan(run, phase.ref(), PlanPhase.RUN, settings, 0, 1);
    }

    /** What a worker tells the run's actor, read in order; the intervals on the way are counted. */
    private static final class Reports {
        private final TestProbe<PhaseActor.FromWorker> phase;
        private long completed;

        Reports(TestProbe<PhaseActor.FromWorker> phase) {
            this.phase = phase;
        }

        /** The next report of {@code type} (an interval's operations are counted whether it is the one or not). */
        <T extends PhaseActor.FromWorker> T next(Class<T> type) {
            while (true) {
                PhaseActor.FromWorker m = phase.receiveMessage(WAIT);
                if (m instanceof PhaseActor.IntervalReport i) {
                    completed += i.interval().toSnapshot(0).completed();
                }
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
                assertTrue(m instanceof PhaseActor.IntervalReport, "unexpected " + m);
            }
        }

        /** The operations completed in the intervals read so far. */
        long completed() {
            return completed;
        }
    }
}
