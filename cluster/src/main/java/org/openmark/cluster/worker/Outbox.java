package org.openmark.cluster.worker;

import java.util.ArrayDeque;

/**
 * What a worker sends its coordinator while a run goes on (its intervals), held while the
 * coordinator is unreachable and delivered, in order, once it is reachable again: a stall of
 * either process or a short partition costs the coordinator nothing but time. At most
 * {@code capacity} deliveries are held; beyond that the oldest is dropped and counted (the
 * coordinator then lacks that interval in its timeline; the worker's result still has it). The
 * worker's result goes the same way, after its intervals. Owned by the worker's actor (one thread
 * at a time).
 */
final class Outbox {
    private final int capacity;
    private final ArrayDeque<Runnable> held = new ArrayDeque<>();
    private boolean holding;
    private long dropped;

    Outbox(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + ": must be >= 1");
        }
        this.capacity = capacity;
    }

    /** Delivers now, or holds the delivery while the coordinator is unreachable. */
    void send(Runnable delivery) {
        if (!holding) {
            delivery.run();
            return;
        }
        if (held.size() == capacity) {
            held.removeFirst();
            dropped++;
        }
        held.addLast(delivery);
    }

    /** The coordinator is unreachable: hold what is sent from now on. */
    void hold() {
        holding = true;
    }

    /** The coordinator is reachable again: delivers what was held, in order; returns how many. */
    int release() {
        holding = false;
        int n = held.size();
        while (!held.isEmpty()) {
            held.removeFirst().run();
        }
        return n;
    }

    /** True while the coordinator is unreachable: what is sent is held. */
    boolean holding() {
        return holding;
    }

    /** Deliveries held now. */
    int held() {
        return held.size();
    }

    /** Deliveries dropped because more than {@code capacity} were held. */
    long dropped() {
        return dropped;
    }
}
