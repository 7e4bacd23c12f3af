package org.openmark.timing;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Starts threads registered with a {@link VirtualClock}, so virtual time waits for them and
 * they take turns in a reproducible order.
 */
public final class VirtualTasks implements Tasks {
    private final VirtualClock clock;

    public VirtualTasks(VirtualClock clock) {
        this.clock = clock;
    }

    @Override
    public Thread startPlatform(String name, Runnable task) {
        return start(false, Thread.ofPlatform().name(name).daemon(true), task);
    }

    /** Registers all the threads before any of them runs, so none runs time ahead of the others. */
    @Override
    public List<Thread> startPlatforms(String namePrefix, int count, IntFunction<Runnable> task) {
        Thread[] threads = new Thread[count];
        VirtualClock.Participant[][] self = new VirtualClock.Participant[1][];
        for (int i = 0; i < count; i++) {
            Runnable body = task.apply(i);
            int index = i;
            threads[i] = Thread.ofPlatform().name(namePrefix + i).daemon(true)
                    .unstarted(() -> participate(self[0][index], body));
        }
        self[0] = clock.register(false, threads);
        for (Thread t : threads) {
            t.start();
        }
        return List.of(threads);
    }

    @Override
    public Thread startBackground(String name, Runnable task) {
        return start(true, Thread.ofPlatform().name(name).daemon(true), task);
    }

    @Override
    public void startOperation(Runnable task) {
        start(false, Thread.ofVirtual(), task);
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
