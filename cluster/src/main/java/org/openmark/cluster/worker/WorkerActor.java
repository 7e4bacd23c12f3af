package org.openmark.cluster.worker;

import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.BehaviorBuilder;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.openmark.cluster.Nodes;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.cluster.protocol.ToWorker;
import org.openmark.cluster.worker.WorkerSetup.SessionEnd;
import org.openmark.config.Durations;
import org.openmark.run.OpenmarkVersion;

/**
 * One session of a worker, as an actor, one behavior per state. Here, until it is admitted:
 * {@link #looking} for the coordinator through the receptionist, then {@link #introduced} to it,
 * answering the secret's challenge until it is admitted or refused. Once admitted the session goes
 * on in {@link AdmittedWorker}'s states (between runs, running one, and the session's end). How the
 * session ended goes to the worker's process ({@link WorkerSetup#ended}): exit code 0 done, 1 the
 * coordinator lost or a run failed, 2 refused.
 */
final class WorkerActor {
    /** What a worker's actor handles: what the coordinator says, what its run and its process say, and its events. */
    sealed interface Command permits FromCoordinator, StopHere, Interval, RunEnded, MemberChanged, Listing,
            UnreachableTooLong, JoinTimedOut {
    }

    /** A coordinator's message (from the network), as the actor's adapter hands it on. */
    record FromCoordinator(ToWorker message) implements Command {
    }

    /** Ctrl-C or SIGTERM on this machine: stop issuing, report what there is. */
    record StopHere(String reason) implements Command {
    }

    /** An interval of the run under way, from its collector: sent now, or held while the coordinator is unreachable. */
    record Interval(IntervalReport report) implements Command {
    }

    /** The run's work ended: what is left to report, or the defect that ended it. */
    record RunEnded(RunEnd end, Throwable failure) implements Command {
    }

    /** A change of the cluster's membership (a protocol test sends these itself). */
    record MemberChanged(MemberEvents.Change change) implements Command {
    }

    private record Listing(Receptionist.Listing listing) implements Command {
    }

    /** The coordinator has been unreachable for the whole limit. */
    enum UnreachableTooLong implements Command { INSTANCE }

    /** No coordinator admitted this worker within the join timeout. */
    private enum JoinTimedOut implements Command { INSTANCE }

    private final ActorContext<Command> ctx;
    private final TimerScheduler<Command> timers;
    private final WorkerSetup setup;
    private final MemberEvents members;
    /** The address this node joins: the coordinator's. */
    private final Address seed;
    /** Where the coordinator's messages come in: the actor itself, as the coordinator's protocol names it. */
    private final ActorRef<ToWorker> inbox;

    private WorkerActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, WorkerSetup setup,
            MemberEvents members) {
        this.ctx = ctx;
        this.timers = timers;
        this.setup = setup;
        this.members = members;
        this.seed = Nodes.addressAt(setup.join());
        this.inbox = ctx.messageAdapter(ToWorker.class, FromCoordinator::new);
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(ToCoordinator.KEY,
                ctx.messageAdapter(Receptionist.Listing.class, Listing::new)));
        members.subscribe(ctx, MemberChanged::new);
        if (setup.joinTimeout() != null) {
            timers.startSingleTimer(JoinTimedOut.INSTANCE, setup.joinTimeout());
        }
    }

    /** The worker's session, hearing of the cluster's nodes from Pekko Cluster. */
    static Behavior<Command> create(WorkerSetup setup) {
        return create(setup, MemberEvents.CLUSTER);
    }

    /** The worker's session; {@code members}: where it hears of the cluster's nodes (a test sends the changes). */
    static Behavior<Command> create(WorkerSetup setup, MemberEvents members) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new WorkerActor(ctx, timers, setup, members)
                .looking()));
    }

    /** Until the receptionist lists a coordinator: the first one found is greeted. */
    private Behavior<Command> looking() {
        return untilAdmitted(Behaviors.receive(Command.class)
                .onMessage(Listing.class, this::listing), null)
                .build();
    }

    /** Greeted {@code coordinator}: it challenges this worker for the secret, then admits or refuses it. */
    private Behavior<Command> introduced(ActorRef<ToCoordinator> coordinator) {
        return untilAdmitted(Behaviors.receive(Command.class)
                .onMessage(FromCoordinator.class, f -> switch (f.message()) {
                    case Challenge c -> {
                        coordinator.tell(new Register(inbox, SharedSecret.proof(setup.secret(), c.nonce())));
                        yield Behaviors.same();
                    }
                    case Accepted a -> accepted(a);
                    case Refused r -> end(2, "the coordinator refused this worker: " + r.reason(), true);
                    default -> Behaviors.unhandled();
                }), coordinator)
                .build();
    }

    /**
     * What looking and introduced ({@code coordinator}: the one greeted, or null) both handle: the join
     * timeout, a stop, the coordinator leaving.
     */
    private BehaviorBuilder<Command> untilAdmitted(BehaviorBuilder<Command> state, ActorRef<ToCoordinator> coordinator) {
        return state
                .onMessageEquals(JoinTimedOut.INSTANCE, () -> end(1, "could not join the coordinator at "
                        + setup.join() + " within " + Durations.format(setup.joinTimeout()) + ": is it running"
                        + " (bin/openmark run --cluster " + setup.join() + " ...), is the address right, and does it"
                        + " listen on an address this machine can reach?", false))
                .onMessage(StopHere.class, s -> end(1, "stopped before a coordinator admitted this worker", false))
                .onMessage(MemberChanged.class, c -> c.change() instanceof MemberEvents.Left l
                        && (l.address().equals(seed) || coordinator != null
                                && coordinator.path().address().equals(l.address()))
                        ? joinedEnded("the coordinator at " + l.address() + " left before admitting this worker")
                        : Behaviors.same());
    }

    private Behavior<Command> listing(Listing l) {
        for (ActorRef<ToCoordinator> c : l.listing().getServiceInstances(ToCoordinator.KEY)) {
            if (setup.endedCoordinators().contains(members.uidOf(ctx.getSystem(), c.path().address()))) {
                return joinedEnded("joined the coordinator of the session that just ended at " + seed);
            }
            c.tell(new Hello(inbox, OpenmarkVersion.current(), Nodes.hostName(),
                    Runtime.getRuntime().availableProcessors(), ProcessHandle.current().pid()));
            return introduced(c);
        }
        return Behaviors.same();
    }

    private Behavior<Command> accepted(Accepted a) {
        timers.cancel(JoinTimedOut.INSTANCE);
        long uid = members.uidOf(ctx.getSystem(), a.coordinator().path().address());
        setup.say("joined as worker-" + (a.index() + 1) + " of " + a.count() + "; waiting for the plan");
        return new AdmittedWorker(ctx, timers, setup, a.coordinator(), uid, a.index()).idle();
    }

    /** This node joined a coordinator that is ending its session: not a session; a kept worker tries a fresh node. */
    private Behavior<Command> joinedEnded(String why) {
        setup.say(why);
        return setup.end(new SessionEnd(1, true, 0, true));
    }

    /** The session is over before it began, with {@code code}; {@code why} is said. */
    private Behavior<Command> end(int code, String why, boolean coordinatorGone) {
        setup.say(why);
        timers.cancelAll();
        return setup.end(new SessionEnd(code, false, 0, coordinatorGone));
    }
}
