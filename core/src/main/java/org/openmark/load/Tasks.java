package org.openmark.load;

/**
 * Starts the threads a load model needs. Production code starts real platform or virtual
 * threads; tests start them under a virtual-time clock that must know which threads exist.
 */
public interface Tasks {

    /** Starts a long-lived platform thread (a client thread, the scheduler, the status ticker). */
    Thread startPlatform(String name, Runnable task);

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
                return Thread.ofPlatform().name(name).daemon(true).start(task);
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
