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
 * What the coordinator and a worker hear of the nodes of their Pekko cluster: a node left
 * (removed, downed or exited), was found unreachable, or reachable again; and the system uid of a
 * member. Both subscribe to Pekko Cluster's own events ({@link #CLUSTER}); an actor started with
 * another source (a protocol test's) hears only the changes its driver sends it.
 */
public interface MemberEvents {
    /** Pekko Cluster's events and members. */
    MemberEvents CLUSTER = new MemberEvents() {
        @Override
        public <T> void subscribe(ActorContext<T> ctx, Function<Change, T> wrap) {
            Cluster cluster = Cluster.get(ctx.getSystem());
            on(ctx, cluster, ClusterEvent.MemberRemoved.class, e -> wrap.apply(new Left(e.member().address(),
                    "removed")));
            on(ctx, cluster, ClusterEvent.MemberDowned.class, e -> wrap.apply(new Left(e.member().address(),
                    "downed")));
            on(ctx, cluster, ClusterEvent.MemberExited.class, e -> wrap.apply(new Left(e.member().address(),
                    "exited")));
            on(ctx, cluster, ClusterEvent.UnreachableMember.class, e -> wrap.apply(new Unreachable(e.member()
                    .address())));
            on(ctx, cluster, ClusterEvent.ReachableMember.class, e -> wrap.apply(new Reachable(e.member()
                    .address())));
        }

        @Override
        public long uidOf(ActorSystem<?> system, Address address) {
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
    };

    /** None: an actor system without a cluster, whose driver (a protocol test) sends the changes itself. */
    MemberEvents NONE = new MemberEvents() {
        @Override
        public <T> void subscribe(ActorContext<T> ctx, Function<Change, T> wrap) {
        }

        @Override
        public long uidOf(ActorSystem<?> system, Address address) {
            return 0;
        }
    };

    /** A change of one node's membership. */
    sealed interface Change {
        Address address();
    }

    /** The node left the cluster; {@code how}: {@code removed}, {@code downed} or {@code exited}. */
    record Left(Address address, String how) implements Change {
    }

    /** The failure detector lost the node's heartbeats: it may be stalled, or gone. */
    record Unreachable(Address address) implements Change {
    }

    /** The node's heartbeats are back. */
    record Reachable(Address address) implements Change {
    }

    /** Tells the actor of {@code ctx} every change from now on, each wrapped into one of its messages by {@code wrap}. */
    <T> void subscribe(ActorContext<T> ctx, Function<Change, T> wrap);

    /** The system uid of the member at {@code address} in {@code system}'s view of the cluster, or 0 when none is there. */
    long uidOf(ActorSystem<?> system, Address address);
}
