package org.openmark.cluster.worker;

import java.util.ArrayDeque;

/**
 * What a worker sends its coordinator while a run goes on (its intervals), held while the
 * coordinator is unreachable and delivered, in order, once it is reachable again: a stall of
 * either process or a short partition costs the coordinator nothing but time. At most
 * {@code capacity} deliveries are held; beyond that the oldest is dropped and counted (the
 * coordinator then lacks that interval in its timeline; the worker's result still has it).
 * Thread-safe: the run's collector sends, the actor holds and releases.
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
    synchronized void send(Runnable delivery) {
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
    synchronized void hold() {
        holding = true;
    }

    /** The coordinator is reachable again: delivers what was held, in order; returns how many. */
    synchronized int release() {
        holding = false;
        int n = held.size();
        while (!held.isEmpty()) {
            held.removeFirst().run();
        }
        return n;
    }

    /** Deliveries held now. */
    synchronized int held() {
        return held.size();
    }

    /** Deliveries dropped because more than {@code capacity} were held. */
    synchronized long dropped() {
        return dropped;
    }
}
