package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Status;
import org.openmark.cluster.coordinator.CoordinatorActor.Accepted;
import org.openmark.cluster.coordinator.CoordinatorActor.BeginRun;
import org.openmark.cluster.coordinator.CoordinatorActor.Challenge;
import org.openmark.cluster.coordinator.CoordinatorActor.EndSession;
import org.openmark.cluster.coordinator.CoordinatorActor.Finish;
import org.openmark.cluster.coordinator.CoordinatorActor.Hello;
import org.openmark.cluster.coordinator.CoordinatorActor.Ping;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.coordinator.CoordinatorActor.Pong;
import org.openmark.cluster.coordinator.CoordinatorActor.Refused;
import org.openmark.cluster.coordinator.CoordinatorActor.Register;
import org.openmark.cluster.coordinator.CoordinatorActor.ToWorker;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Membership;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.cluster.protocol.Secrets;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.run.Version;
import org.openmark.testing.FakeClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's protocol, driven message by message: each worker is a {@link TestProbe} that
 * says what a worker says and is checked for what the coordinator answers. No cluster, no
 * processes: the actors run in one local actor system, and the cluster's membership is not
 * subscribed to ({@link Membership#NONE}); a worker's going is its probe being stopped, which the
 * coordinator sees as it sees a worker's actor stop.
 */
class CoordinatorProtocolTest {
    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void register_withTheWrongSecret_isRefused_andTheSessionStillAdmitsTheRightOne() throws Exception {
        byte[] secret = "the coordinator's secret".getBytes(StandardCharsets.UTF_8);
        CoordinatorActor.Setup setup = setup(1, secret);
        ActorRef<CoordinatorActor.Command> coordinator = KIT.spawn(
                CoordinatorActor.create(setup, new FakeClock(), Membership.NONE));

        TestProbe<ToWorker> intruder = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(hello(intruder));
        Challenge first = intruder.expectMessageClass(Challenge.class, WAIT);
        coordinator.tell(new Register(intruder.ref(), Secrets.proof("a guess".getBytes(StandardCharsets.UTF_8),
                first.nonce())));
        Refused refused = intruder.expectMessageClass(Refused.class, WAIT);
        assertTrue(refused.reason().startsWith("wrong shared secret"), refused.reason());
        // The refused proof used up its challenge: the same proof again is no way in.
        coordinator.tell(new Register(intruder.ref(), Secrets.proof(secret, first.nonce())));
        assertTrue(intruder.expectMessageClass(Refused.class, WAIT).reason().contains("without a challenge"));
        assertEquals(0, setup.admitted().get());

        TestProbe<ToWorker> worker = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(hello(worker));
        Challenge challenge = worker.expectMessageClass(Challenge.class, WAIT);
        coordinator.tell(new Register(worker.ref(), Secrets.proof(secret, challenge.nonce())));
        Accepted accepted = worker.expectMessageClass(Accepted.class, WAIT);
        assertEquals(0, accepted.index());
        assertEquals(1, accepted.count());
        assertEquals(1, setup.admitted().get());
        intruder.expectNoMessage(Duration.ofMillis(100));
        coordinator.tell(new EndSession(true));
    }

    @Test
    void aWorkerThatGoesWhileRunning_isLost_theRunEndsWithTheOthersResult_andNoFurtherRunStarts()
            throws Exception {
        CoordinatorActor.Setup setup = setup(2, null);
        ActorRef<CoordinatorActor.Command> coordinator = KIT.spawn(
                CoordinatorActor.create(setup, new FakeClock(), Membership.NONE));
        TestProbe<ToWorker> one = KIT.createTestProbe(ToWorker.class);
        TestProbe<ToWorker> two = KIT.createTestProbe(ToWorker.class);
        List<TestProbe<ToWorker>> workers = List.of(one, two);
        for (TestProbe<ToWorker> w : workers) {
            coordinator.tell(hello(w));
        }
        assertEquals(0, one.expectMessageClass(Accepted.class, WAIT).index());
        assertEquals(1, two.expectMessageClass(Accepted.class, WAIT).index());
        for (int probe = 0; probe < ClockProbes.FIRST_PROBES; probe++) {
            for (int i = 0; i < workers.size(); i++) {
                Ping ping = workers.get(i).expectMessageClass(Ping.class, WAIT);
                coordinator.tell(new Pong(i, ping.seq(), ping.coordinatorNanos(), EpochMicrosClock.now()));
            }
        }
        assertEquals(2, setup.joined().get(10, TimeUnit.SECONDS).size());

        RunSetup run = run();
        coordinator.tell(new BeginRun(run));
        Plan planOne = next(one, Plan.class);
        Plan planTwo = next(two, Plan.class);
        assertEquals(1, planOne.run());
        assertEquals("1/2", planOne.settings().get("share"));
        assertEquals("2/2", planTwo.settings().get("share"));
        assertEquals(planOne.replyTo(), planTwo.replyTo(), "one actor for the run");
        ActorRef<PhaseActor.FromWorker> phase = planOne.replyTo();
        phase.tell(new PhaseActor.Prepared(0, false, false));
        phase.tell(new PhaseActor.Prepared(1, false, false));
        assertEquals(Load.NONE, next(one, PhaseActor.Go.class).load());
        assertEquals(Load.NONE, next(two, PhaseActor.Go.class).load());
        phase.tell(new PhaseActor.Ready(0));
        phase.tell(new PhaseActor.Ready(1));
        next(one, PhaseActor.StartAt.class);
        next(two, PhaseActor.StartAt.class);

        two.stop(); // its process went away
        phase.tell(new PhaseActor.Done(0, ResultWire.of(emptyResult()), 10, null));
        CoordinatorOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);
        WorkerSlot first = outcome.workers().get(0);
        WorkerSlot second = outcome.workers().get(1);
        assertFalse(first.lost());
        assertNotNull(first.result());
        assertTrue(second.lost());
        assertNull(second.result());
        assertTrue(second.lostReason().contains("went away"), second.lostReason());
        assertFalse(outcome.stopped(), "--on-worker-loss continue: the run is not stopped");

        RunSetup another = run();
        coordinator.tell(new BeginRun(another));
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> another.outcome().get(10, TimeUnit.SECONDS));
        assertTrue(refused.getCause().getMessage().contains("a worker was lost in run 1"),
                refused.getCause().getMessage());
        coordinator.tell(new EndSession(true));
        assertTrue(next(one, Finish.class).success());
    }

    private CoordinatorActor.Setup setup(int count, byte[] secret) {
        return new CoordinatorActor.Setup(count, secret, OnWorkerLoss.CONTINUE, Duration.ofSeconds(30),
                new PrintStream(log, true, StandardCharsets.UTF_8), new AtomicInteger(), new CompletableFuture<>());
    }

    private static Hello hello(TestProbe<ToWorker> worker) {
        return new Hello(worker.ref(), Version.current(), "test-host", 2, ProcessHandle.current().pid());
    }

    private static RunSetup run() {
        MergedOutput nowhere = new MergedOutput() {
            @Override
            public void merged(IntervalMerger.Merged merged, List<WorkerSlot> workers) {
            }

            @Override
            public void worker(WorkerSlot worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight,
                    boolean warmUp) {
            }
        };
        return new RunSetup(PlanPhase.RUN, Map.of("seed", "1"), false, Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofMillis(10), Duration.ofSeconds(5), nowhere, new MergeCosts(), new CompletableFuture<>());
    }

    /** The next message of {@code type}; the clock probes that go on every second are answered by nobody. */
    private static <T extends ToWorker> T next(TestProbe<ToWorker> worker, Class<T> type) {
        while (true) {
            ToWorker m = worker.receiveMessage(WAIT);
            if (!(m instanceof Ping)) {
                return type.cast(m);
            }
        }
    }

    private static RunResult emptyResult() {
        return new RunResult(Version.current(), 1, false, Phase.RUN, null, false, true, "memory", Map.of(), Map.of(),
                0, 1000, 0, List.of(), new Accounting(0, 0, Map.<Status, Long>of(), 0, 0), null,
                Measurements.newHistogram(), List.of(), List.of(), true, false, null, List.of(), List.of());
    }
}
