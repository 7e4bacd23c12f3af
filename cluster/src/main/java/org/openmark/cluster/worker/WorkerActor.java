package org.openmark.cluster.worker;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Set;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Accepted;
import org.openmark.cluster.coordinator.CoordinatorActor.Challenge;
import org.openmark.cluster.coordinator.CoordinatorActor.Ping;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.MemberEvents;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.config.Durations;
import org.openmark.run.Version;

/**
 * A worker's actor: finds the coordinator through the receptionist, introduces itself, answers
 * the secret's challenge and the clock probes, and passes the coordinator's instructions on through
 * the {@link CoordinatorLink} to the {@link WorkerJob}, which does the blocking work on a thread of
 * its own. It also watches the coordinator: merely unreachable, the run goes on (its intervals are
 * held); downed or gone, or unreachable beyond {@code openmark.worker.coordinator-unreachable-limit},
 * the job stops issuing at once.
 */
final class WorkerActor extends AbstractBehavior<WorkerActor.Command> {
    /** What a worker's actor handles: what the coordinator says, and its own events. */
    sealed interface Command permits Told, Listing, MembershipChanged, UnreachableTooLong {
    }

    /** A message of the coordinator's, adapted (see {@link CoordinatorActor.ToWorker}). */
    record Told(CoordinatorActor.ToWorker message) implements Command {
    }

    private final CoordinatorLink link;
    private final byte[] secret;
    /** The address this node joins: the coordinator's. */
    private final Address seed;
    /** System uids of the coordinators whose sessions this worker served: one met again is ending, not new. */
    private final Set<Long> endedCoordinators;
    private final TimerScheduler<Command> timers;
    private final java.time.Duration unreachableLimit;
    /** Where it hears of the cluster's nodes and learns their uids ({@link MemberEvents#NONE} in a protocol test). */
    private final MemberEvents membership;
    /** Where the coordinator's messages come in: the actor itself, as the coordinator's protocol names it. */
    private final ActorRef<CoordinatorActor.ToWorker> inbox;
    private ActorRef<CoordinatorActor.FromWorker> coordinator;
    private int index = -1;

    private record Listing(Receptionist.Listing listing) implements Command {
    }

    private record MembershipChanged(MemberEvents.Change change) implements Command {
    }

    /** The coordinator has been unreachable for the whole limit. */
    private record UnreachableTooLong() implements Command {
    }

    private WorkerActor(ActorContext<Command> ctx, TimerScheduler<Command> timers, CoordinatorLink link,
            byte[] secret, Address seed, Set<Long> endedCoordinators, MemberEvents membership) {
        super(ctx);
        this.membership = membership;
        this.link = link;
        this.secret = secret;
        this.seed = seed;
        this.endedCoordinators = Set.copyOf(endedCoordinators);
        this.timers = timers;
        com.typesafe.config.Config settings = ctx.getSystem().settings().config();
        this.unreachableLimit = settings.getDuration("openmark.worker.coordinator-unreachable-limit");
        link.holdAtMost(settings.getInt("openmark.worker.undelivered-intervals"));
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(CoordinatorActor.KEY,
                ctx.messageAdapter(Receptionist.Listing.class, Listing::new)));
        membership.subscribe(ctx, MembershipChanged::new);
        this.inbox = ctx.messageAdapter(CoordinatorActor.ToWorker.class, Told::new);
    }

    /**
     * @param seed the coordinator's address, which this node joins
     * @param endedCoordinators system uids of the coordinators this worker served before (a kept
     *        worker's earlier sessions): one of them found at {@code seed} is ending its session
     */
    static Behavior<Command> create(CoordinatorLink link, byte[] secret, Address seed, Set<Long> endedCoordinators) {
        return create(link, secret, seed, endedCoordinators, MemberEvents.CLUSTER);
    }

    /**
     * The worker's actor; {@code membership}: where it hears of the cluster's nodes ({@link MemberEvents#NONE}:
     * in an actor system without a cluster, a protocol test sends the changes itself).
     */
    static Behavior<Command> create(CoordinatorLink link, byte[] secret, Address seed, Set<Long> endedCoordinators,
            MemberEvents membership) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new WorkerActor(ctx, timers, link, secret, seed,
                endedCoordinators, membership)));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Listing.class, this::onListing)
                .onMessage(Told.class, this::onTold)
                .onMessage(MembershipChanged.class, this::onMembership)
                .onMessage(UnreachableTooLong.class, t -> {
                    link.coordinatorLost("the coordinator was unreachable for " + Durations.format(unreachableLimit)
                            + " (openmark.worker.coordinator-unreachable-limit)");
                    return this;
                })
                .build();
    }

    private Behavior<Command> onTold(Told t) {
        switch (t.message()) {
            case Challenge c -> coordinator.tell(new CoordinatorActor.Register(inbox, SharedSecret.proof(secret, c.nonce())));
            case Accepted a -> onAccepted(a);
            case CoordinatorActor.Refused r -> link.refused(r.reason());
            case Ping p -> onPing(p);
            case CoordinatorActor.Stop s -> link.stop("the coordinator stopped the run: " + s.reason());
            default -> link.instruction(t.message()); // Plan, Go, StartAt, Finish: for the job
        }
        return this;
    }

    private Behavior<Command> onListing(Listing l) {
        if (coordinator != null) {
            return this;
        }
        for (ActorRef<CoordinatorActor.FromWorker> c : l.listing().getServiceInstances(CoordinatorActor.KEY)) {
            if (endedCoordinators.contains(uidOf(c.path().address()))) {
                link.joinedEndedSession("joined the coordinator of the session that just ended at " + seed);
                return this;
            }
            coordinator = c;
            c.tell(new CoordinatorActor.Hello(inbox, Version.current(), hostName(),
                    Runtime.getRuntime().availableProcessors(), ProcessHandle.current().pid()));
            break;
        }
        return this;
    }

    private void onAccepted(Accepted a) {
        index = a.index();
        coordinator = a.coordinator();
        link.accepted(a, uidOf(coordinator.path().address()));
    }

    private void onPing(Ping p) {
        coordinator.tell(new CoordinatorActor.Pong(index, p.seq(), p.coordinatorNanos(), EpochMicrosClock.now()));
    }

    private boolean isCoordinator(Address a) {
        return coordinator != null && coordinator.path().address().equals(a);
    }

    /** Unreachable is not gone: a stall or a short partition is ridden out, within the limit. */
    private Behavior<Command> onMembership(MembershipChanged c) {
        Address a = c.change().address();
        switch (c.change()) {
            case MemberEvents.Unreachable u when isCoordinator(a) -> {
                link.coordinatorUnreachable("the coordinator at " + a + " is unreachable");
                timers.startSingleTimer(new UnreachableTooLong(), unreachableLimit);
            }
            case MemberEvents.Reachable r when isCoordinator(a) -> {
                timers.cancel(new UnreachableTooLong());
                link.coordinatorReachable();
            }
            case MemberEvents.Left l when index < 0 && (a.equals(seed) || isCoordinator(a)) -> link.joinedEndedSession(
                    "the coordinator at " + a + " left before admitting this worker");
            case MemberEvents.Left l when isCoordinator(a) -> link.coordinatorLost("the coordinator at " + a
                    + " left the cluster");
            case MemberEvents.Left l when a.equals(getContext().getSystem().address()) -> link.coordinatorLost(
                    "this worker was removed from the cluster (cut off from the coordinator)");
            default -> {
                // another worker's node
            }
        }
        return this;
    }

    /** The system uid of the member at {@code a} in this node's view of the cluster, or 0 when none is there. */
    private long uidOf(Address a) {
        return membership.uidOf(getContext().getSystem(), a);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
