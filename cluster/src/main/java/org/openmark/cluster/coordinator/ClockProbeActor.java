package org.openmark.cluster.coordinator;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.Pong;

/**
 * Probes the workers' clocks for the rest of the session, as a child of the coordinator's actor,
 * once every worker is admitted: {@link #settling} until the offsets are known well enough (it then
 * tells the coordinator, {@link CoordinatorActor.ClocksSettled}), then {@link #tightening} them, one
 * probe a second, each keeping the offset of the shortest round trip so far ({@link ClockProbes}).
 * The workers answer this actor (its adapter travels in each ping), so the coordinator's own
 * protocol has no clock in it.
 *
 * <p>Implementation notes: the offsets it writes into the {@link WorkerSlot}s are volatile, since the
 * actor of a run reads them meanwhile; the roster itself is fixed once every worker was admitted.
 */
final class ClockProbeActor {
    /** What the prober handles: the workers' answers and its own timer. */
    sealed interface Command permits Answer, Tick {
    }

    /** A worker's answer (from the network), as the actor's adapter hands it on. */
    record Answer(Pong pong) implements Command {
    }

    private enum Tick implements Command { INSTANCE }

    private final TimerScheduler<Command> timers;
    private final Roster workers;
    private final ClockProbes probes;
    private final ActorRef<Pong> replyTo;
    private final ActorRef<CoordinatorActor.Command> coordinator;

    private ClockProbeActor(TimerScheduler<Command> timers, Roster workers, ClockProbes probes, ActorRef<Pong> replyTo,
            ActorRef<CoordinatorActor.Command> coordinator) {
        this.timers = timers;
        this.workers = workers;
        this.probes = probes;
        this.replyTo = replyTo;
        this.coordinator = coordinator;
    }

    /** Probes {@code workers} (all admitted) by {@code clock}; tells {@code coordinator} once the offsets are settled. */
    static Behavior<Command> create(Roster workers, Clock clock, ActorRef<CoordinatorActor.Command> coordinator) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            timers.startTimerAtFixedRate(Tick.INSTANCE, ClockProbes.FIRST_EVERY);
            return new ClockProbeActor(timers, workers, new ClockProbes(clock),
                    ctx.messageAdapter(Pong.class, Answer::new), coordinator).settling();
        }));
    }

    /** The first probes, until every offset is known well enough. */
    private Behavior<Command> settling() {
        return Behaviors.receive(Command.class)
                .onMessageEquals(Tick.INSTANCE, () -> {
                    probe();
                    return settledYet();
                })
                .onMessage(Answer.class, a -> {
                    probes.answered(workers, a.pong());
                    return settledYet();
                })
                .build();
    }

    /** Later probes, for the rest of the session: the offsets tighten once the JVMs are warm. */
    private Behavior<Command> tightening() {
        return Behaviors.receive(Command.class)
                .onMessageEquals(Tick.INSTANCE, () -> {
                    probe();
                    return Behaviors.same();
                })
                .onMessage(Answer.class, a -> {
                    probes.answered(workers, a.pong());
                    return Behaviors.same();
                })
                .build();
    }

    private void probe() {
        if (probes.firstOut()) {
            // The first probes are out: from now on one a second, and the session goes on once they
            // are back (or after a while without the late ones).
            timers.startTimerAtFixedRate(Tick.INSTANCE, ClockProbes.LATER_EVERY);
        }
        probes.probe(workers, replyTo);
    }

    private Behavior<Command> settledYet() {
        if (!probes.settled(workers)) {
            return Behaviors.same();
        }
        coordinator.tell(new CoordinatorActor.ClocksSettled(ClockProbes.offsets(workers)));
        return tightening();
    }
}
