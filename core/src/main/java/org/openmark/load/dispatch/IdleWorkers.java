package org.openmark.load.dispatch;

import java.util.Arrays;

/**
 * The idle workers of a {@link WorkerPool}, in the order they are woken: platform workers before
 * virtual ones (waking a virtual thread goes through the carrier pool, which costs more), each
 * kind last in, first out, so a few warm workers do the work. Not thread-safe: the pool's lock
 * guards it, taken once per park, not per operation.
 */
final class IdleWorkers<W> {
    /** Idle platform workers; a pool starts at most this many. */
    private final Object[] platform;
    private int platformCount;
    /** Idle virtual workers. */
    private Object[] virtual = new Object[16];
    private int virtualCount;

    IdleWorkers(int platformWorkers) {
        this.platform = new Object[platformWorkers];
    }

    /** {@code worker} goes idle; {@code isPlatform}: it runs on a platform thread. */
    void push(W worker, boolean isPlatform) {
        if (isPlatform) {
            platform[platformCount++] = worker;
        } else {
            if (virtualCount == virtual.length) {
                // Grown on demand: --max-in-flight may be far larger than the workers a run needs.
                virtual = Arrays.copyOf(virtual, virtual.length * 2);
            }
            virtual[virtualCount++] = worker;
        }
    }

    /** Takes the worker to wake next off its stack; null when none is idle. */
    @SuppressWarnings("unchecked")
    W pop() {
        Object w;
        if (platformCount > 0) {
            w = platform[--platformCount];
            platform[platformCount] = null;
        } else if (virtualCount > 0) {
            w = virtual[--virtualCount];
            virtual[virtualCount] = null;
        } else {
            return null;
        }
        return (W) w;
    }
}
