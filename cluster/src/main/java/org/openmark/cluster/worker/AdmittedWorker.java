package org.openmark.cluster.worker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.BehaviorBuilder;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Leaving;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.Ping;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.Pong;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.Stop;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.cluster.worker.WorkerActor.Command;
import org.openmark.cluster.worker.WorkerActor.FromCoordinator;
import org.openmark.cluster.worker.WorkerActor.Interval;
import org.openmark.cluster.worker.WorkerActor.MemberChanged;
import org.openmark.cluster.worker.WorkerActor.RunEnded;
import org.openmark.cluster.worker.WorkerActor.StopHere;
import org.openmark.cluster.worker.WorkerActor.UnreachableTooLong;
import org.openmark.cluster.worker.WorkerSetup.SessionEnd;
import org.openmark.config.Durations;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;

/**
 * A worker's session once the coordinator admitted it ({@link WorkerActor}'s states from then on):
 * {@link #idle} between runs; {@link #running} one ({@link RunJob}, on a thread of its own, its end
 * piped back as {@link RunEnded}); and at the session's end either {@link #finishing} the run under
 * way (the coordinator let the worker go) or {@link #losing} it (the coordinator is lost: the run
 * stops, and what it measured is kept locally).
 *
 * <p>It watches the coordinator: merely unreachable, the run goes on and what the worker sends (its
 * intervals, then its result) is held ({@link Outbox}) until it is reachable again; downed or gone,
 * or unreachable beyond {@code openmark.worker.coordinator-unreachable-limit}, it is lost. Ctrl-C on
 * the worker ({@link StopHere}) stops the run under way and every later run of the session at once;
 * the worker still reports them and stays until the coordinator lets it go.
 */
final class AdmittedWorker {
    private final ActorContext<Command> ctx;
    private final TimerScheduler<Command> timers;
    private final WorkerSetup setup;
    private final ActorRef<ToCoordinator> coordinator;
    private final long coordinatorUid;
    private final int index;
    private final Duration unreachableLimit;
    private final Outbox outbox;
    /** The session's exit code so far: the worst of its runs'. */
    private int code;
    /** Why this worker stopped on its own (Ctrl-C): every later run stops at once; null while it did not. */
    private String stoppedHere;
    /** A run's result held while the coordinator is unreachable (kept locally should it be lost), or null. */
    private RunEnd.Measured heldResult;
    /** The next run's plan, come while the run under way was being given up, or null. */
    private Plan nextPlan;

    /**
     * Worker {@code index} of the session of {@code coordinator} (whose node has system uid
     * {@code coordinatorUid}, 0 when unknown).
     */
    AdmittedWorker(ActorContext<Command> ctx, TimerScheduler<Command> timers, WorkerSetup setup,
            ActorRef<ToCoordinator> coordinator, long coordinatorUid, int index) {
        this.ctx = ctx;
        this.timers = timers;
        this.setup = setup;
        this.coordinator = coordinator;
        this.coordinatorUid = coordinatorUid;
        this.index = index;
        com.typesafe.config.Config settings = ctx.getSystem().settings().config();
        this.unreachableLimit = settings.getDuration("openmark.worker.coordinator-unreachable-limit");
        this.outbox = new Outbox(settings.getInt("openmark.worker.undelivered-intervals"));
    }

    /** Between runs: a plan starts the next, Finish ends the session. */
    Behavior<Command> idle() {
        return admitted(Behaviors.receive(Command.class)
                .onMessage(FromCoordinator.class, f -> switch (f.message()) {
                    case Ping p -> pong(p);
                    case Plan p -> begin(p);
                    case Finish x -> finish(x);
                    default -> Behaviors.same(); // a Stop, Go or StartAt of a run given up before it started
                })
                .onMessage(StopHere.class, s -> {
                    stoppedHere = s.reason();
                    return Behaviors.same();
                }), null)
                .build();
    }

    /** Run {@code cues.run()} is under way on a thread of its own; its intervals pass through here. */
    private Behavior<Command> running(RunCues cues, Plan plan) {
        return admitted(Behaviors.receive(Command.class)
                .onMessage(FromCoordinator.class, f -> switch (f.message()) {
                    case Ping p -> pong(p);
                    case Go g when g.run() == cues.run() -> {
                        cues.go(g.load());
                        yield Behaviors.same();
                    }
                    case StartAt s when s.run() == cues.run() -> {
                        cues.startAt(s.workerEpochMicros());
                        yield Behaviors.same();
                    }
                    case Stop s -> {
                        setup.say("the coordinator stopped the run: " + s.reason());
                        cues.stopNow();
                        yield Behaviors.same();
                    }
                    case Plan p -> {
                        // The coordinator gave this run up before it started (another worker failed).
                        cues.abandon("the coordinator ended run " + cues.run() + " before it started");
                        nextPlan = p;
                        yield Behaviors.same();
                    }
                    case Finish x -> {
                        coordinator.tell(new Leaving(index));
                        // What the run would measure is of no use any more: it stops, and is not reported.
                        cues.abandon("the coordinator ended the session during run " + cues.run());
                        yield finishing(x);
                    }
                    default -> Behaviors.same(); // a Go or StartAt of an earlier run, late
                })
                .onMessage(Interval.class, i -> {
                    outbox.send(() -> plan.replyTo().tell(i.report()));
                    return Behaviors.same();
                })
                .onMessage(StopHere.class, s -> {
                    stoppedHere = s.reason();
                    cues.stopHere(s.reason());
                    return Behaviors.same();
                })
                .onMessage(RunEnded.class, e -> runEnded(e, plan)), cues)
                .build();
    }

    /** What idle and running ({@code cues}: the run under way, or null) both handle: the coordinator's reachability. */
    private BehaviorBuilder<Command> admitted(BehaviorBuilder<Command> state, RunCues cues) {
        return state
                .onMessageEquals(UnreachableTooLong.INSTANCE, () -> lose(unreachableTooLong(), cues))
                .onMessage(MemberChanged.class, c -> memberChanged(c, why -> lose(why, cues)));
    }

    private Behavior<Command> pong(Ping p) {
        p.replyTo().tell(new Pong(index, p.seq(), p.coordinatorNanos(), EpochMicrosClock.now()));
        return Behaviors.same();
    }

    private Behavior<Command> begin(Plan p) {
        RunCues cues = new RunCues(p.run());
        if (stoppedHere != null) {
            cues.stopHere(stoppedHere); // stopped on its machine: every run of the session stops at once
        }
        RunJob job = new RunJob(p, cues, ctx.getSelf(), setup.ownLogs(), setup.watch(), setup.clock(), setup.err());
        CompletableFuture<RunEnd> work = CompletableFuture.supplyAsync(job::run,
                r -> Thread.ofPlatform().name("openmark-worker-run-" + p.run()).daemon(true).start(r));
        ctx.pipeToSelf(work, RunEnded::new);
        return running(cues, p);
    }

    /** The run's work ended: its result goes to the coordinator after the intervals (held with them, if need be). */
    private Behavior<Command> runEnded(RunEnded e, Plan plan) {
        RunEnd end = e.end();
        if (e.failure() != null) { // a defect of the work's, not a failure of the run's
            plan.replyTo().tell(new Failed(index, "the worker failed: " + e.failure(), false));
            end = new RunEnd.Unreported(null);
        }
        switch (end) {
            case RunEnd.Measured m -> {
                outbox.send(() -> plan.replyTo().tell(m.report()));
                heldResult = outbox.holding() ? m : null;
            }
            case RunEnd.Unreported u -> {
                if (u.why() != null) {
                    setup.say(u.why());
                }
                code = Math.max(code, 1);
            }
        }
        Plan next = nextPlan;
        nextPlan = null;
        return next != null ? begin(next) : idle();
    }

    // --- the end of the session

    /** The coordinator let the worker go during a run (it ended the session): once the run's work is over. */
    private Behavior<Command> finishing(Finish f) {
        return Behaviors.receive(Command.class)
                .onMessage(RunEnded.class, e -> ended(f))
                .build();
    }

    /** The coordinator is lost during a run: once the run stopped, what it measured is kept here. */
    private Behavior<Command> losing() {
        return Behaviors.receive(Command.class)
                .onMessage(RunEnded.class, e -> {
                    if (e.end() instanceof RunEnd.Measured m) {
                        keepLocally(m);
                    } else {
                        setup.say("nothing was measured yet");
                    }
                    return end(1);
                })
                .build();
    }

    /** The coordinator lets the worker go: it says it leaves (the coordinator's node goes after that). */
    private Behavior<Command> finish(Finish f) {
        coordinator.tell(new Leaving(index));
        return ended(f);
    }

    private Behavior<Command> ended(Finish f) {
        if (!f.success() && f.reason() != null) {
            setup.say("the coordinator ended the session: " + f.reason());
        }
        return end(f.success() ? code : Math.max(code, 1));
    }

    /** The coordinator is lost: nothing more is issued in this session; a run under way ({@code cues}) stops. */
    private Behavior<Command> lose(String why, RunCues cues) {
        setup.say(why + ": stopping now (operations still outstanding get the grace period)");
        if (cues == null) {
            if (heldResult != null) {
                keepLocally(heldResult);
            }
            return end(1);
        }
        cues.abandon(why);
        return losing();
    }

    /**
     * Unreachable is not gone: a stall or a short partition is ridden out, within the limit, what is
     * sent held meanwhile. Left is gone: {@code lost} is told why.
     */
    private Behavior<Command> memberChanged(MemberChanged c, Function<String, Behavior<Command>> lost) {
        Address a = c.change().address();
        switch (c.change()) {
            case MemberEvents.Unreachable u when isCoordinator(a) && !outbox.holding() -> {
                outbox.hold();
                setup.say("the coordinator at " + a + " is unreachable: going on, holding the intervals until it is"
                        + " reachable again");
                timers.startSingleTimer(UnreachableTooLong.INSTANCE, unreachableLimit);
            }
            case MemberEvents.Reachable r when isCoordinator(a) && outbox.holding() -> {
                timers.cancel(UnreachableTooLong.INSTANCE);
                boolean result = heldResult != null;
                int intervals = outbox.held() - (result ? 1 : 0);
                long dropped = outbox.dropped();
                // Said as it goes out, so that the line comes before anything the coordinator does with it.
                setup.say("the coordinator is reachable again; delivered the " + intervals + " interval(s) held"
                        + (dropped > 0 ? " (" + dropped + " more were dropped: more were held than allowed)" : "")
                        + (result ? ", then its result" : ""));
                outbox.release();
                heldResult = null;
            }
            case MemberEvents.Left l when isCoordinator(a) -> {
                return lost.apply("the coordinator at " + a + " left the cluster");
            }
            case MemberEvents.Left l when a.equals(ctx.getSystem().address()) -> {
                return lost.apply("this worker was removed from the cluster (cut off from the coordinator)");
            }
            default -> {
                // another worker's node, or what is known already
            }
        }
        return Behaviors.same();
    }

    private String unreachableTooLong() {
        return "the coordinator was unreachable for " + Durations.format(unreachableLimit)
                + " (openmark.worker.coordinator-unreachable-limit)";
    }

    /** The session is over with {@code exitCode}. */
    private Behavior<Command> end(int exitCode) {
        timers.cancelAll();
        return setup.end(new SessionEnd(exitCode, false, coordinatorUid, true));
    }

    /** Writes what this worker measured of a run whose coordinator was lost (a staleness measurement is not kept). */
    private void keepLocally(RunEnd.Measured measured) {
        if (measured.result() == null) {
            setup.say("its staleness measurement is not reported");
            return;
        }
        try {
            Path file = setup.partialDir().resolve("result.json");
            AtomicFiles.writeString(file, JsonReport.render(measured.result()));
            setup.say("its partial result is in " + file.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            setup.say("could not write the partial result: " + e.getMessage());
        }
    }

    private boolean isCoordinator(Address a) {
        return coordinator.path().address().equals(a);
    }
}
