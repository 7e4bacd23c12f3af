package org.openmark.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Starts the threads a load model needs. Production code starts real platform or virtual
 * threads; tests start them under a virtual-time clock that must know which threads exist.
 */
public interface Tasks {

    /**
     * Starts a long-lived platform thread (a client thread, the scheduler, the status ticker); in
     * virtual time a thread registered with the clock, virtual where the JDK allows
     * ({@link VirtualTasks}).
     */
    Thread startPlatform(String name, Runnable task);

    /**
     * Starts {@code count} long-lived platform threads named {@code namePrefix + i}, running
     * {@code task.apply(i)}. Under a virtual-time clock none runs before all are registered, so
     * the first cannot run time ahead while the others are being started.
     */
    default List<Thread> startPlatforms(String namePrefix, int count, IntFunction<Runnable> task) {
        List<Thread> threads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            threads.add(startPlatform(namePrefix + i, task.apply(i)));
        }
        return threads;
    }

    /**
     * Starts a helper thread that must not keep a phase alive or drive time (the status
     * ticker): under a virtual-time clock its waits never advance the clock.
     */
    default Thread startBackground(String name, Runnable task) {
        return startPlatform(name, task);
    }

    /** Starts a short-lived thread for one operation (a virtual thread in production). */
    void startOperation(Runnable task);

    /**
     * Whether these are real threads in real time. Only then may an operation thread wait for its
     * next operation outside the clock (under a virtual-time clock such a wait stops time), so
     * the open model reuses threads; and only then is compiling the hot paths before the
     * schedule starts worth its time.
     */
    default boolean realTime() {
        return false;
    }

    /** Real threads. */
    static Tasks real() {
        return new Tasks() {
            @Override
            public Thread startPlatform(String name, Runnable task) {
                return Thread.ofPlatform().name(name).daemon(true).start(() -> {
                    TimerSlack.tightenThisThread(); // its timed waits are intended times
                    task.run();
                });
            }

            @Override
            public void startOperation(Runnable task) {
                Thread.startVirtualThread(task);
            }

            @Override
            public boolean realTime() {
                return true;
            }
        };
    }
}
