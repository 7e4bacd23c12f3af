package org.openmark.timing;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Starts threads registered with a {@link VirtualClock}, so virtual time waits for them and
 * they take turns in a reproducible order.
 *
 * <p>The threads are virtual threads, also where a real-time run would start platform threads:
 * the clock hands its turn from one registered thread to the next on every wait, and between
 * virtual threads that is a switch of continuations, not of operating-system threads: about five
 * times less wall-clock time for the same run ({@code bin/bench virtual}). Before
 * JDK 24 (JEP 491) a virtual thread that waits inside a {@code synchronized} block keeps its
 * carrier thread, and one that waited for its turn there could leave the thread whose turn it
 * is without a carrier: on older JDKs these threads stay platform threads.
 */
public final class VirtualTasks implements Tasks {
    /** Whether a virtual thread waiting inside a monitor gives its carrier up (JDK 24 and later). */
    static final boolean VIRTUAL_THREADS_UNPIN = Runtime.version().feature() >= 24;

    private final VirtualClock clock;

    public VirtualTasks(VirtualClock clock) {
        this.clock = clock;
    }

    @Override
    public Thread startPlatform(String name, Runnable task) {
        return start(false, builder().name(name), task);
    }

    /** Registers all the threads before any of them runs, so none runs time ahead of the others. */
    @Override
    public List<Thread> startPlatforms(String namePrefix, int count, IntFunction<Runnable> task) {
        Thread[] threads = new Thread[count];
        VirtualClock.Participant[][] self = new VirtualClock.Participant[1][];
        for (int i = 0; i < count; i++) {
            Runnable body = task.apply(i);
            int index = i;
            threads[i] = builder().name(namePrefix + i).unstarted(() -> participate(self[0][index], body));
        }
        self[0] = clock.register(false, threads);
        for (Thread t : threads) {
            t.start();
        }
        return List.of(threads);
    }

    @Override
    public Thread startBackground(String name, Runnable task) {
        return start(true, builder().name(name), task);
    }

    @Override
    public void startOperation(Runnable task) {
        start(false, Thread.ofVirtual(), task);
    }

    /** A thread that takes its turns cheaply where the JDK allows it (see the class comment). */
    private static Thread.Builder builder() {
        return VIRTUAL_THREADS_UNPIN ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);
    }

    private Thread start(boolean background, Thread.Builder builder, Runnable task) {
        VirtualClock.Participant[] self = new VirtualClock.Participant[1];
        Thread t = builder.unstarted(() -> participate(self[0], task));
        self[0] = clock.register(background, t)[0];
        t.start();
        return t;
    }

    private void participate(VirtualClock.Participant p, Runnable task) {
        clock.begin(p);
        try {
            task.run();
        } finally {
            clock.end(p);
        }
    }
}
