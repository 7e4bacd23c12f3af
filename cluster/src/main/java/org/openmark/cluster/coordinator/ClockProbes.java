package org.openmark.cluster.coordinator;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.cluster.protocol.Ping;
import org.openmark.cluster.protocol.Pong;

/**
 * Measures each worker's clock offset from the coordinator's: a ping carries the coordinator's
 * {@link Clock#nanoTime()}, the pong the worker's wall clock; the worker read its clock about half
 * a round trip after the ping left, so its offset is its reading minus the coordinator's wall
 * clock half a round trip ago, known to ± half the round trip. Each worker keeps the offset of its
 * shortest round trip ({@link WorkerSlot#clockSample}).
 *
 * <p>First {@link #FIRST_PROBES} probes {@link #FIRST_EVERY} apart; the session goes on once they
 * are all back, or, when some never come back, {@link #FIRST_WAIT} after the first of the later
 * probes went out (each worker must have answered one). Owned by the actor that sends the probes
 * ({@link ClockProbeActor}, one thread at a time).
 */
final class ClockProbes {
    static final int FIRST_PROBES = 8;
    static final Duration FIRST_EVERY = Duration.ofMillis(50);
    /**
     * After the first probes, one more every second for the rest of the session: each keeps the
     * offset of the shortest round trip so far, so the offsets tighten once the JVMs are warm
     * (the first probes meet cold JIT and class loading, and on a busy machine round trips of
     * hundreds of ms) and each run starts with the best measurement there is.
     */
    static final Duration LATER_EVERY = Duration.ofSeconds(1);
    /** How long the first probes may take to come back before the session goes on without them. */
    static final Duration FIRST_WAIT = Duration.ofSeconds(5);

    private final Clock clock;
    private int sent;
    private long firstDeadlineNanos = Long.MAX_VALUE;

    ClockProbes(Clock clock) {
        this.clock = clock;
    }

    /** True when the first probes are all out: from now on, one every {@link #LATER_EVERY}. */
    boolean firstOut() {
        return sent == FIRST_PROBES;
    }

    /** Sends the next probe to every worker still there, each to answer {@code replyTo}. */
    void probe(Roster workers, ActorRef<Pong> replyTo) {
        if (sent == FIRST_PROBES) {
            firstDeadlineNanos = clock.nanoTime() + FIRST_WAIT.toNanos();
        }
        for (WorkerSlot w : workers) {
            if (!w.lost()) {
                w.ref.tell(new Ping(sent, clock.nanoTime(), replyTo));
            }
        }
        sent++;
    }

    /** A worker's answer to a probe (one from an index nobody was admitted under is ignored). */
    void answered(Roster workers, Pong p) {
        WorkerSlot w = workers.byIndex(p.index());
        if (w == null) {
            return;
        }
        long rttMicros = (clock.nanoTime() - p.coordinatorNanos()) / 1000;
        long midpoint = EpochMicrosClock.now() - rttMicros / 2;
        w.clockSample(p.workerEpochMicros() - midpoint, rttMicros);
    }

    /** True when every worker's offset is known well enough for the session to go on. */
    boolean settled(Roster workers) {
        if (sent < FIRST_PROBES || workers.any(w -> w.pongs < 1)) {
            return false;
        }
        return workers.all(w -> w.pongs >= FIRST_PROBES) || clock.nanoTime() >= firstDeadlineNanos;
    }

    /** Each worker's offset and its uncertainty, for the coordinator's log. */
    static String offsets(Roster workers) {
        StringBuilder b = new StringBuilder();
        for (WorkerSlot w : workers) {
            b.append(b.length() == 0 ? "" : ", ").append(w.name()).append(' ').append(w.offsetMicros).append(" us ± ")
                    .append(w.rttMicros / 2).append(" us");
        }
        return b.toString();
    }
}
