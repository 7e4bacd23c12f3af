package org.openmark.cluster.worker;

import java.io.IOException;
import java.net.InetAddress;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.openmark.cluster.protocol.Secrets;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Challenge;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.Ping;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.Pong;
import org.openmark.cluster.protocol.Refused;
import org.openmark.cluster.protocol.Register;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.Stop;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.cluster.protocol.WorkerCommand;
import org.openmark.run.Version;

/**
 * A worker's actor: finds the coordinator through the receptionist, introduces itself, answers
 * the secret's challenge and the clock probes, and passes the coordinator's instructions on through
 * the {@link CoordinatorLink} to the {@link WorkerJob}, which does the blocking work on a thread of
 * its own. It also watches the coordinator: merely unreachable, the run goes on (its intervals are
 * held); downed or gone, or unreachable beyond {@code openmark.worker.coordinator-unreachable-limit},
 * the job stops issuing at once.
 */
final class WorkerActor extends AbstractBehavior<WorkerCommand> {
    private final CoordinatorLink link;
    private final byte[] secret;
    private final TimerScheduler<WorkerCommand> timers;
    private final java.time.Duration unreachableLimit;
    private ActorRef<ToCoordinator> coordinator;
    private int index = -1;

    private record Listing(Receptionist.Listing listing) implements WorkerCommand {
    }

    private record MemberChange(ClusterEvent.MemberEvent event) implements WorkerCommand {
    }

    private record ReachabilityChange(ClusterEvent.ReachabilityEvent event) implements WorkerCommand {
    }

    /** The coordinator has been unreachable for the whole limit. */
    private record UnreachableTooLong() implements WorkerCommand {
    }

    private WorkerActor(ActorContext<WorkerCommand> ctx, TimerScheduler<WorkerCommand> timers, CoordinatorLink link,
            byte[] secret) {
        super(ctx);
        this.link = link;
        this.secret = secret;
        this.timers = timers;
        com.typesafe.config.Config settings = ctx.getSystem().settings().config();
        this.unreachableLimit = settings.getDuration("openmark.worker.coordinator-unreachable-limit");
        link.holdAtMost(settings.getInt("openmark.worker.undelivered-intervals"));
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(CoordinatorActor.KEY,
                ctx.messageAdapter(Receptionist.Listing.class, Listing::new)));
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.MemberEvent.class, MemberChange::new), ClusterEvent.MemberEvent.class));
        cluster.subscriptions().tell(Subscribe.create(
                ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, ReachabilityChange::new),
                ClusterEvent.ReachabilityEvent.class));
    }

    static Behavior<WorkerCommand> create(CoordinatorLink link, byte[] secret) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new WorkerActor(ctx, timers, link, secret)));
    }

    @Override
    public Receive<WorkerCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Listing.class, this::onListing)
                .onMessage(Challenge.class, this::onChallenge)
                .onMessage(Accepted.class, this::onAccepted)
                .onMessage(Refused.class, r -> {
                    link.refused(r.reason());
                    return this;
                })
                .onMessage(Ping.class, this::onPing)
                .onMessage(Plan.class, p -> {
                    link.instruction(p);
                    return this;
                })
                .onMessage(Go.class, g -> {
                    link.instruction(g);
                    return this;
                })
                .onMessage(StartAt.class, s -> {
                    link.instruction(s);
                    return this;
                })
                .onMessage(Stop.class, s -> {
                    link.stop("the coordinator stopped the run: " + s.reason());
                    return this;
                })
                .onMessage(Finish.class, f -> {
                    link.instruction(f);
                    return this;
                })
                .onMessage(MemberChange.class, this::onMember)
                .onMessage(ReachabilityChange.class, this::onReachability)
                .onMessage(UnreachableTooLong.class, t -> {
                    link.coordinatorLost("the coordinator was unreachable for " + unreachableLimit.toSeconds()
                            + " s (openmark.worker.coordinator-unreachable-limit)");
                    return this;
                })
                .build();
    }

    private Behavior<WorkerCommand> onListing(Listing l) {
        if (coordinator != null) {
            return this;
        }
        for (ActorRef<ToCoordinator> c : l.listing().getServiceInstances(CoordinatorActor.KEY)) {
            coordinator = c;
            c.tell(new Hello(getContext().getSelf().narrow(), Version.current(), hostName(),
                    Runtime.getRuntime().availableProcessors(), ProcessHandle.current().pid()));
            break;
        }
        return this;
    }

    private Behavior<WorkerCommand> onChallenge(Challenge c) {
        coordinator.tell(new Register(getContext().getSelf().narrow(), Secrets.proof(secret, c.nonce())));
        return this;
    }

    private Behavior<WorkerCommand> onAccepted(Accepted a) {
        index = a.index();
        coordinator = a.coordinator();
        link.accepted(a);
        return this;
    }

    private Behavior<WorkerCommand> onPing(Ping p) {
        coordinator.tell(new Pong(index, p.seq(), p.coordinatorNanos(), EpochMicrosClock.now()));
        return this;
    }

    private boolean isCoordinator(Address a) {
        return coordinator != null && coordinator.path().address().equals(a);
    }

    /** Unreachable is not gone: a stall or a short partition is ridden out, within the limit. */
    private Behavior<WorkerCommand> onReachability(ReachabilityChange c) {
        if (!isCoordinator(c.event().member().address())) {
            return this;
        }
        if (c.event() instanceof ClusterEvent.UnreachableMember) {
            link.coordinatorUnreachable("the coordinator at " + c.event().member().address() + " is unreachable");
            timers.startSingleTimer(new UnreachableTooLong(), unreachableLimit);
        } else if (c.event() instanceof ClusterEvent.ReachableMember) {
            timers.cancel(new UnreachableTooLong());
            link.coordinatorReachable();
        }
        return this;
    }

    private Behavior<WorkerCommand> onMember(MemberChange c) {
        Address a = c.event().member().address();
        boolean gone = c.event() instanceof ClusterEvent.MemberRemoved || c.event() instanceof ClusterEvent.MemberDowned
                || c.event() instanceof ClusterEvent.MemberExited;
        if (gone && isCoordinator(a)) {
            link.coordinatorLost("the coordinator at " + a + " left the cluster");
        } else if (gone && a.equals(Cluster.get(getContext().getSystem()).selfMember().address())) {
            link.coordinatorLost("this worker was removed from the cluster (cut off from the coordinator)");
        }
        return this;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
