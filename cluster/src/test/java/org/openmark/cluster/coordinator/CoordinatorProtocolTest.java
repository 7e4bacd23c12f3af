package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.cluster.coordinator.CoordinatorActor.BeginRun;
import org.openmark.cluster.coordinator.CoordinatorActor.EndSession;
import org.openmark.cluster.coordinator.CoordinatorActor.FromWorker;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Leaving;
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
import org.openmark.cluster.protocol.ToRun;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.config.Settings;
import org.openmark.load.Share;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunConfigParser;
import org.openmark.run.OpenmarkVersion;
import org.openmark.testing.FakeClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's protocol, driven message by message: each worker is a {@link TestProbe} that
 * says what a worker says and is checked for what the coordinator answers. No cluster, no
 * processes: the actors run in one local actor system, and the cluster's membership is not
 * subscribed to ({@link MemberEvents#NONE}); a worker's going is its probe being stopped, which the
 * coordinator sees as it sees a worker's actor stop.
 */
class CoordinatorProtocolTest {
    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] SECRET = "the coordinator's secret".getBytes(StandardCharsets.UTF_8);

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void register_withTheWrongSecret_isRefused_andTheSessionStillAdmitsTheRightOne() throws Exception {
        byte[] secret = "the coordinator's secret".getBytes(StandardCharsets.UTF_8);
        SessionSetup setup = setup(1, secret);
        ActorRef<CoordinatorActor.Command> coordinator = coordinator(setup);

        TestProbe<ToWorker> intruder = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(hello(intruder)));
        Challenge first = intruder.expectMessageClass(Challenge.class, WAIT);
        coordinator.tell(register(intruder.ref(), SharedSecret.proof("a guess".getBytes(StandardCharsets.UTF_8),
                first.nonce())));
        Refused refused = intruder.expectMessageClass(Refused.class, WAIT);
        assertTrue(refused.reason().startsWith("wrong shared secret"), refused.reason());
        // The refused proof used up its challenge: the same proof again is no way in.
        coordinator.tell(register(intruder.ref(), SharedSecret.proof(secret, first.nonce())));
        assertTrue(intruder.expectMessageClass(Refused.class, WAIT).reason().contains("without a challenge"));
        assertEquals(0, setup.admitted().get());

        TestProbe<ToWorker> worker = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(hello(worker)));
        Challenge challenge = worker.expectMessageClass(Challenge.class, WAIT);
        coordinator.tell(register(worker.ref(), SharedSecret.proof(secret, challenge.nonce())));
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
        Session session = joined(2);
        ActorRef<CoordinatorActor.Command> coordinator = session.coordinator();
        TestProbe<ToWorker> one = session.workers().get(0);
        TestProbe<ToWorker> two = session.workers().get(1);

        RunSetup run = run(new MergedIntervals());
        Running started = start(coordinator, run, List.of(one, two));
        assertEquals(1, started.run());
        ActorRef<ToRun> phase = started.phase();

        two.stop(); // its process went away
        phase.tell(started.done(0, 0));
        CoordinatorOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);
        WorkerSlot first = outcome.workers().get(0);
        WorkerSlot second = outcome.workers().get(1);
        assertFalse(first.lost());
        assertNotNull(first.result());
        assertTrue(second.lost());
        assertNull(second.result());
        assertTrue(second.lostReason().contains("went away"), second.lostReason());
        assertFalse(outcome.stopped(), "--on-worker-loss continue: the run is not stopped");

        RunSetup another = run(new MergedIntervals());
        coordinator.tell(new BeginRun(another));
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> another.outcome().get(10, TimeUnit.SECONDS));
        assertTrue(refused.getCause().getMessage().contains("a worker was lost in run 1"),
                refused.getCause().getMessage());
        coordinator.tell(new EndSession(true));
        assertTrue(next(one, Finish.class).success());
    }

    @Test
    void aLateReport_toTheActorOfARunThatEnded_reachesNothing_andTheNextRunCountsOnlyItsOwnOperations()
            throws Exception {
        Session session = joined(1);
        ActorRef<CoordinatorActor.Command> coordinator = session.coordinator();
        TestProbe<ToWorker> worker = session.workers().get(0);

        MergedIntervals mergedFirst = new MergedIntervals();
        RunSetup first = run(mergedFirst);
        Running runOne = start(coordinator, first, List.of(worker));
        runOne.phase().tell(runOne.interval(0, 0, 100));
        runOne.phase().tell(runOne.done(0, 100));
        CoordinatorOutcome outcomeOne = first.outcome().get(10, TimeUnit.SECONDS);
        WorkerSlot slot = outcomeOne.workers().get(0);

        // After its Done, the run is over: its actor is stopped, and what still comes about it (a
        // result sent again, an interval held while the coordinator was unreachable) is merged nowhere.
        TestProbe<Object> watcher = KIT.createTestProbe();
        runOne.phase().tell(runOne.interval(0, 1, 500));
        runOne.phase().tell(runOne.done(0, 500));
        watcher.expectTerminated(runOne.phase(), WAIT);
        // The outcome's slots are the session's: read run 1's figures before run 2 begins (it resets them).
        assertEquals(100, slot.result().accounting().completed());
        assertEquals(100, slot.totals().measuredCompleted());
        assertEquals(100, slot.issuedSoFar());
        assertEquals(100, mergedFirst.completed());

        TestProbe<DeadLetter> deadLetters = KIT.createDeadLetterProbe();
        MergedIntervals mergedSecond = new MergedIntervals();
        RunSetup second = run(mergedSecond);
        Running runTwo = start(coordinator, second, List.of(worker));
        assertEquals(2, runTwo.run());
        assertNotEquals(runOne.phase(), runTwo.phase(), "each run has an actor of its own");
        // Run 1's worker part, late, with what would fit run 2 exactly: interval 0, in run 2's time.
        IntervalReport lateInterval = runTwo.interval(0, 0, 1000);
        Done lateDone = runTwo.done(0, 1000);
        runOne.phase().tell(lateInterval);
        runOne.phase().tell(lateDone);
        List<Object> toRunOne = new ArrayList<>();
        while (toRunOne.size() < 2) {
            DeadLetter dead = deadLetters.expectMessageClass(DeadLetter.class, WAIT);
            if (dead.message() == lateInterval || dead.message() == lateDone) { // the test kit's own may pass by
                toRunOne.add(dead.message());
            }
        }
        assertEquals(List.of(lateInterval, lateDone), toRunOne);

        runTwo.phase().tell(runTwo.interval(0, 0, 200));
        runTwo.phase().tell(runTwo.done(0, 200));
        CoordinatorOutcome outcomeTwo = second.outcome().get(10, TimeUnit.SECONDS);
        WorkerSlot after = outcomeTwo.workers().get(0);
        assertEquals(200, after.result().accounting().completed());
        assertEquals(200, after.totals().measuredCompleted());
        assertEquals(200, after.issuedSoFar());
        assertEquals(1, after.intervals);
        assertEquals(200, mergedSecond.completed());
        assertFalse(outcomeTwo.stopped());
        assertFalse(after.lost());

        // The session is not broken: it ends as any does.
        endsCleanly(coordinator, List.of(worker));
    }

    @Test
    void stopRun_midPhase_stopsEveryWorkerOnce_theRunEndsWithWhatTheyReported_andTheSessionEndsCleanly()
            throws Exception {
        Session session = joined(2);
        MergedIntervals merged = new MergedIntervals();
        RunSetup run = run(merged);
        Running started = start(session.coordinator(), run, session.workers());
        started.phase().tell(started.interval(0, 0, 40));
        started.phase().tell(started.interval(1, 0, 60));

        stopAndExpectEachToldOnce(session);
        assertFalse(run.outcome().isDone(), "a stopped run waits for the workers' results");

        // Each stops issuing and reports what it did, its last operations finished meanwhile.
        started.phase().tell(started.done(0, 43));
        started.phase().tell(started.done(1, 62));
        CoordinatorOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);
        assertTrue(outcome.stopped());
        assertEquals(CTRL_C, outcome.stopReason());
        assertEquals(43, outcome.workers().get(0).result().accounting().completed());
        assertEquals(62, outcome.workers().get(1).result().accounting().completed());
        assertEquals(40, outcome.workers().get(0).totals().measuredCompleted());
        assertEquals(60, outcome.workers().get(1).totals().measuredCompleted());
        assertEquals(100, merged.completed(), "the merged intervals hold both workers' intervals");
        for (WorkerSlot w : outcome.workers()) {
            assertFalse(w.lost(), w.name());
            assertNull(w.stopReason(), "the coordinator stopped it, not its own machine");
        }

        // The session goes on: it ends with a Finish to each worker, and the next message after the
        // one Stop is that Finish (the second StopRun sent nothing).
        endsCleanly(session.coordinator(), session.workers());
    }

    @Test
    void stopRun_aWorkerThatDoesNotReportWithinTheDoneTimeout_isLost_andTheRunKeepsWhatEachDelivered()
            throws Exception {
        Session session = joined(2);
        ActorRef<CoordinatorActor.Command> coordinator = session.coordinator();
        RunSetup run = run(new MergedIntervals(), Duration.ofSeconds(1)); // real time: the run's actor's timer
        Running started = start(coordinator, run, session.workers());
        started.phase().tell(started.interval(1, 0, 25));

        stopAndExpectEachToldOnce(session);
        started.phase().tell(started.done(0, 30)); // worker 2 stays silent

        CoordinatorOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);
        assertTrue(outcome.stopped());
        assertEquals(CTRL_C, outcome.stopReason());
        WorkerSlot reported = outcome.workers().get(0);
        WorkerSlot lost = outcome.workers().get(1);
        assertFalse(reported.lost());
        assertEquals(30, reported.result().accounting().completed());
        assertTrue(lost.lost());
        assertNull(lost.result());
        assertTrue(lost.lostReason().startsWith("did not report within 1s of the stop; "), lost.lostReason());
        assertEquals(25, lost.totals().measuredCompleted(), "what it delivered before it fell silent stays");

        RunSetup another = run(new MergedIntervals());
        coordinator.tell(new BeginRun(another));
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> another.outcome().get(10, TimeUnit.SECONDS));
        assertEquals("a worker was lost in run 1: the session cannot run more phases", refused.getCause().getMessage());
        coordinator.tell(new EndSession(true));
        assertTrue(next(session.workers().get(0), Finish.class).success());
    }

    @Test
    void tooFewWorkers_theSessionFailsAtTheJoinTimeout_sayingHowManyCame() throws Exception {
        // The join timeout is the coordinator's timer: Pekko's scheduler runs on manual time here.
        ActorTestKit timed = ActorTestKit.create("CoordinatorJoinTimeout", ManualTime.config());
        try {
            ManualTime time = ManualTime.get(timed.system());
            SessionSetup setup = setup(2, null, Duration.ofSeconds(60));
            ActorRef<CoordinatorActor.Command> coordinator = timed.spawn(
                    CoordinatorActor.create(setup, new FakeClock(), MemberEvents.NONE));
            TestProbe<ToWorker> one = timed.createTestProbe(ToWorker.class);
            coordinator.tell(new FromWorker(hello(one)));
            Accepted accepted = one.expectMessageClass(Accepted.class, WAIT);
            assertEquals(0, accepted.index());
            assertEquals(2, accepted.count());

            time.timePasses(Duration.ofSeconds(59));
            one.expectNoMessage(Duration.ofMillis(100));
            assertFalse(setup.joined().isDone());

            time.timePasses(Duration.ofSeconds(1));
            String why = "only 1 of 2 workers joined within 1m: start them with bin/openmark worker --join <this"
                    + " address> (and the same --cluster-secret-file), or raise --join-timeout";
            Finish finish = one.expectMessageClass(Finish.class, WAIT);
            assertFalse(finish.success());
            assertEquals(why, finish.reason());
            ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> setup.joined().get(10, TimeUnit.SECONDS));
            assertEquals(why, failed.getCause().getMessage());
            assertFalse(((CoordinatorOutcome.Failure) failed.getCause()).badInput());

            // Given up: a worker that comes now is told why, and no run can begin.
            TestProbe<ToWorker> late = timed.createTestProbe(ToWorker.class);
            coordinator.tell(new FromWorker(hello(late)));
            assertEquals("the session was given up (" + why + "): a worker cannot join it",
                    late.expectMessageClass(Refused.class, WAIT).reason());
            RunSetup run = run(new MergedIntervals());
            coordinator.tell(new BeginRun(run));
            ExecutionException refused = assertThrows(ExecutionException.class,
                    () -> run.outcome().get(10, TimeUnit.SECONDS));
            assertEquals(why, refused.getCause().getMessage());
            assertEquals(1, setup.admitted().get());
        } finally {
            timed.shutdownTestKit();
        }
    }

    @Test
    void hello_twiceFromOneWorker_orFromAnotherVersion_isRefusedSayingWhy_andTheSessionStillAdmitsTheNext() {
        SessionSetup setup = setup(2, null);
        ActorRef<CoordinatorActor.Command> coordinator = coordinator(setup);
        TestProbe<ToWorker> one = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(hello(one)));
        assertEquals(0, one.expectMessageClass(Accepted.class, WAIT).index());

        coordinator.tell(new FromWorker(hello(one)));
        assertEquals("a worker at " + one.ref().path().address() + " has already joined",
                one.expectMessageClass(Refused.class, WAIT).reason());

        TestProbe<ToWorker> older = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(new Hello(older.ref(), "0.0.1-other", "old-host", 2, 1)));
        assertEquals("this worker runs openmark 0.0.1-other, the coordinator " + OpenmarkVersion.current()
                + ": run the same openmark version everywhere", older.expectMessageClass(Refused.class, WAIT).reason());
        assertEquals(1, setup.admitted().get(), "neither refusal admitted anyone");

        TestProbe<ToWorker> two = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(hello(two)));
        Accepted accepted = two.expectMessageClass(Accepted.class, WAIT);
        assertEquals(1, accepted.index(), "the refused took no index");
        assertEquals(2, accepted.count());
        assertEquals(2, setup.admitted().get());
        coordinator.tell(new EndSession(true));
    }

    @Test
    void register_withoutAProof_whereASecretIsRequired_isRefusedSayingToGiveIt() {
        Challenged c = challenged();
        c.coordinator().tell(register(c.worker().ref(), "")); // a worker started without --cluster-secret-file

        assertEquals("the coordinator requires a shared secret: start the worker with --cluster-secret-file",
                c.worker().expectMessageClass(Refused.class, WAIT).reason());
        assertEquals(0, c.setup().admitted().get());
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("refused a worker at "), log::toString);
        c.coordinator().tell(new EndSession(true));
    }

    @Test
    void hello_afterTheSessionJoined_isRefusedAsLate_andTheRunGoesOnWithoutIt() throws Exception {
        Session session = joined(1);
        TestProbe<ToWorker> late = KIT.createTestProbe(ToWorker.class);
        session.coordinator().tell(new FromWorker(hello(late)));
        assertEquals("the session has its 1 workers and has started: a worker cannot join late",
                late.expectMessageClass(Refused.class, WAIT).reason());

        RunSetup run = run(new MergedIntervals());
        Running started = start(session.coordinator(), run, session.workers());
        session.coordinator().tell(new FromWorker(hello(late)));
        assertTrue(late.expectMessageClass(Refused.class, WAIT).reason().contains("cannot join late"));
        started.phase().tell(started.done(0, 10));
        assertEquals(1, run.outcome().get(10, TimeUnit.SECONDS).workers().size(), "the late worker took no part");
        endsCleanly(session.coordinator(), session.workers());
        late.expectNoMessage(Duration.ofMillis(100));
    }

    @Test
    void endSession_isDoneOnceEveryWorkerToldToFinishSaysItLeavesOrHasGone() throws Exception {
        Session session = joined(2);
        CompletableFuture<Void> leaving = new CompletableFuture<>();
        session.coordinator().tell(new EndSession(true, leaving));
        for (TestProbe<ToWorker> w : session.workers()) {
            assertTrue(next(w, Finish.class).success());
        }
        session.coordinator().tell(new FromWorker(new Leaving(0)));
        session.coordinator().tell(new FromWorker(new Leaving(7))); // nobody's index: ignored
        assertFalse(leaving.isDone(), "worker 2 has not said it leaves");
        session.workers().get(1).stop(); // its process went away instead
        leaving.get(10, TimeUnit.SECONDS);
    }

    @Test
    void hello_twiceBeforeTheProof_isRefused_andTheFirstChallengeStillAdmitsIt() {
        Challenged c = challenged();
        c.coordinator().tell(new FromWorker(hello(c.worker())));
        assertEquals("a worker at " + c.worker().ref().path().address() + " has already joined",
                c.worker().expectMessageClass(Refused.class, WAIT).reason());

        c.coordinator().tell(register(c.worker().ref(), SharedSecret.proof(SECRET, c.challenge().nonce())));
        assertEquals(0, c.worker().expectMessageClass(Accepted.class, WAIT).index());
        assertEquals(1, c.setup().admitted().get());
        c.coordinator().tell(new EndSession(true));
    }

    /** A coordinator of one worker that must prove {@link #SECRET}, and a worker that said hello and is challenged. */
    private record Challenged(SessionSetup setup, ActorRef<CoordinatorActor.Command> coordinator,
            TestProbe<ToWorker> worker, Challenge challenge) {
    }

    private Challenged challenged() {
        SessionSetup setup = setup(1, SECRET);
        ActorRef<CoordinatorActor.Command> coordinator = coordinator(setup);
        TestProbe<ToWorker> worker = KIT.createTestProbe(ToWorker.class);
        coordinator.tell(new FromWorker(hello(worker)));
        return new Challenged(setup, coordinator, worker, worker.expectMessageClass(Challenge.class, WAIT));
    }

    private SessionSetup setup(int count, byte[] secret) {
        return setup(count, secret, Duration.ofSeconds(30));
    }

    private SessionSetup setup(int count, byte[] secret, Duration joinTimeout) {
        return new SessionSetup(count, secret, OnWorkerLoss.CONTINUE, joinTimeout,
                new PrintStream(log, true, StandardCharsets.UTF_8), new AtomicInteger(), new CompletableFuture<>());
    }

    private static ActorRef<CoordinatorActor.Command> coordinator(SessionSetup setup) {
        return KIT.spawn(CoordinatorActor.create(setup, new FakeClock(), MemberEvents.NONE));
    }

    private static Hello hello(TestProbe<ToWorker> worker) {
        return new Hello(worker.ref(), OpenmarkVersion.current(), "test-host", 2, ProcessHandle.current().pid());
    }

    /** A worker's answer to its challenge, as the coordinator's adapter hands it on. */
    private static FromWorker register(ActorRef<ToWorker> worker, String proof) {
        return new FromWorker(new Register(worker, proof));
    }

    /** A coordinator whose session has joined its workers. */
    private record Session(ActorRef<CoordinatorActor.Command> coordinator, List<TestProbe<ToWorker>> workers) {
    }

    /**
     * A coordinator of {@code count} workers (no secret) that admitted them all, in order, and had the
     * first clock probes answered, so that the session has joined.
     */
    private Session joined(int count) throws Exception {
        SessionSetup setup = setup(count, null);
        ActorRef<CoordinatorActor.Command> coordinator = coordinator(setup);
        List<TestProbe<ToWorker>> workers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            workers.add(KIT.createTestProbe(ToWorker.class));
        }
        for (int i = 0; i < workers.size(); i++) {
            coordinator.tell(new FromWorker(hello(workers.get(i))));
            assertEquals(i, workers.get(i).expectMessageClass(Accepted.class, WAIT).index());
        }
        for (int probe = 0; probe < ClockProbes.FIRST_PROBES; probe++) {
            for (int i = 0; i < workers.size(); i++) {
                Ping ping = workers.get(i).expectMessageClass(Ping.class, WAIT);
                ping.replyTo().tell(new Pong(i, ping.seq(), ping.coordinatorNanos(), EpochMicrosClock.now()));
            }
        }
        assertEquals(count, setup.joined().get(10, TimeUnit.SECONDS).size());
        return new Session(coordinator, List.copyOf(workers));
    }

    /**
     * A run under way: its number, its actor, and the start instant each worker was given (its own clock).
     */
    private record Running(int run, ActorRef<ToRun> phase, List<StartAt> starts) {
        /**
         * Worker {@code index}'s interval {@code seq} of this run (second {@code seq} from its start, in
         * its own clock), in which {@code reads} completed.
         */
        IntervalReport interval(int index, int seq, long reads) {
            long from = starts.get(index).workerEpochMicros() / 1000 + seq * 1000L;
            return new IntervalReport(index, seq, ReportedReads.interval(from, from + 1000, reads),
                    seq + 1.0, 0, false, -1);
        }

        /** Worker {@code index}'s result of {@code reads} reads (not stopped on its own machine). */
        Done done(int index, long reads) {
            return new Done(index, ReportedReads.result(reads), 10, null);
        }
    }

    /** Why a run is stopped here: as Ctrl-C on the coordinator stops it. */
    private static final String CTRL_C = "interrupted (Ctrl-C on the coordinator)";

    /**
     * Stops the run under way (twice: the second is not passed on) and checks that each worker is
     * told to stop, with the reason.
     */
    private static void stopAndExpectEachToldOnce(Session session) {
        session.coordinator().tell(new CoordinatorActor.StopRun(CTRL_C));
        session.coordinator().tell(new CoordinatorActor.StopRun("pressed twice"));
        for (TestProbe<ToWorker> w : session.workers()) {
            assertEquals(CTRL_C, next(w, Stop.class).reason());
        }
    }

    /**
     * Begins {@code run} and takes every worker through it up to the start: each gets its plan (its
     * share, the run's actor), says it is prepared (a shared store, not known empty: nothing to load),
     * is told to go, says it is ready, and gets the common start instant.
     */
    private static Running start(ActorRef<CoordinatorActor.Command> coordinator, RunSetup run,
            List<TestProbe<ToWorker>> workers) {
        coordinator.tell(new BeginRun(run));
        List<Plan> plans = workers.stream().map(w -> next(w, Plan.class)).toList();
        ActorRef<ToRun> phase = plans.get(0).replyTo();
        for (int i = 0; i < plans.size(); i++) {
            Plan p = plans.get(i);
            assertEquals(plans.get(0).run(), p.run());
            assertEquals(phase, p.replyTo(), "one actor for the run");
            assertEquals(i, p.index());
            PhasePlan share = (PhasePlan) p.config();
            assertEquals(new Share(i, workers.size()), share.share(), "the worker's share, typed");
            assertEquals(RUN_CONFIG.seed(), share.seed());
            phase.tell(new Prepared(i, false, false));
        }
        for (TestProbe<ToWorker> w : workers) {
            Go go = next(w, Go.class);
            assertEquals(plans.get(0).run(), go.run());
            assertEquals(Load.NONE, go.load());
        }
        for (int i = 0; i < workers.size(); i++) {
            phase.tell(new Ready(i));
        }
        List<StartAt> starts = workers.stream().map(w -> next(w, StartAt.class)).toList();
        return new Running(plans.get(0).run(), phase, starts);
    }

    /** The run every test begins: one of 10 s, seed 1, on each worker its share. */
    private static final RunConfig RUN_CONFIG = RunConfigParser.parse(Phase.RUN,
            Settings.of(Map.of("seed", "1", "duration", "10s")), null, true);

    private static RunSetup run(MergedOutput output) {
        return run(output, Duration.ofSeconds(5));
    }

    /** A run whose workers have {@code doneTimeout} after a stop to report. */
    private static RunSetup run(MergedOutput output, Duration doneTimeout) {
        return new RunSetup(PlanPhase.RUN, share -> PhasePlan.of(RunConfigBuilder.parent(RUN_CONFIG).share(share).build()),
                false, Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofMillis(10), doneTimeout, output, new MergeCosts(), new CompletableFuture<>());
    }

    /** The merged intervals of a run, kept (the actor of the run writes them, the test reads them after its outcome). */
    private static final class MergedIntervals implements MergedOutput {
        private final List<IntervalMerger.Merged> merged = new CopyOnWriteArrayList<>();

        @Override
        public void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
            merged.add(m);
        }

        @Override
        public void worker(WorkerSlot worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight,
                boolean warmUp) {
        }

        /** The operations completed in every merged interval. */
        long completed() {
            return merged.stream().mapToLong(m -> m.snapshot().completed()).sum();
        }
    }

    /** The next message of {@code type}; the clock probes that go on every second are answered by nobody. */
    /** Ends the session as a success: each worker's next message (pings aside) is Finish(true) with no reason. */
    private static void endsCleanly(ActorRef<CoordinatorActor.Command> coordinator, List<TestProbe<ToWorker>> workers) {
        coordinator.tell(new EndSession(true));
        for (TestProbe<ToWorker> w : workers) {
            Finish finish = next(w, Finish.class);
            assertTrue(finish.success());
            assertNull(finish.reason());
        }
    }

    private static <T extends ToWorker> T next(TestProbe<ToWorker> worker, Class<T> type) {
        while (true) {
            ToWorker m = worker.receiveMessage(WAIT);
            if (!(m instanceof Ping)) {
                return type.cast(m);
            }
        }
    }
}
