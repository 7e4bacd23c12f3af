package org.openmark.cluster.protocol;

import java.util.function.Function;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;

/**
 * What the coordinator and a worker hear of the cluster's membership: a node left (removed,
 * downed or exited), was found unreachable, or reachable again. Both subscribe here, to Pekko
 * Cluster's own events ({@link #CLUSTER}); an actor started with {@link #NONE} hears only the
 * changes its driver (a protocol test) sends it, and knows no member ({@link #uidOf}).
 */
public enum MemberEvents {
    /** Pekko Cluster's events. */
    CLUSTER,
    /** No subscription: whoever drives the actor sends the changes. */
    NONE;

    /** A change of one node's membership. */
    public sealed interface Change {
        Address address();
    }

    /** The node left the cluster; {@code how}: {@code removed}, {@code downed} or {@code exited}. */
    public record Left(Address address, String how) implements Change {
    }

    /** The failure detector lost the node's heartbeats: it may be stalled, or gone. */
    public record Unreachable(Address address) implements Change {
    }

    /** The node's heartbeats are back. */
    public record Reachable(Address address) implements Change {
    }

    /** Tells the actor of {@code ctx} every change from now on, each wrapped into one of its messages by {@code wrap}. */
    public <T> void subscribe(ActorContext<T> ctx, Function<Change, T> wrap) {
        if (this == NONE) {
            return;
        }
        Cluster cluster = Cluster.get(ctx.getSystem());
        on(ctx, cluster, ClusterEvent.MemberRemoved.class, e -> wrap.apply(new Left(e.member().address(), "removed")));
        on(ctx, cluster, ClusterEvent.MemberDowned.class, e -> wrap.apply(new Left(e.member().address(), "downed")));
        on(ctx, cluster, ClusterEvent.MemberExited.class, e -> wrap.apply(new Left(e.member().address(), "exited")));
        on(ctx, cluster, ClusterEvent.UnreachableMember.class, e -> wrap.apply(new Unreachable(e.member().address())));
        on(ctx, cluster, ClusterEvent.ReachableMember.class, e -> wrap.apply(new Reachable(e.member().address())));
    }

    /**
     * The system uid of the member at {@code address} in {@code system}'s view of the cluster, or 0
     * when none is there (always 0 for {@link #NONE}: an actor system without a cluster has no members).
     */
    public long uidOf(ActorSystem<?> system, Address address) {
        if (this == NONE) {
            return 0;
        }
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.address().equals(address)) {
                return m.uniqueAddress().longUid();
            }
        }
        return 0;
    }

    private static <T, E extends ClusterEvent.ClusterDomainEvent> void on(ActorContext<T> ctx, Cluster cluster,
            Class<E> type, Function<E, T> wrap) {
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(type, wrap::apply), type));
    }
}
