package org.openmark.load;

/** Starts threads registered with a {@link VirtualClock}, so virtual time waits for them. */
public final class VirtualTasks implements Tasks {
    private final VirtualClock clock;

    public VirtualTasks(VirtualClock clock) {
        this.clock = clock;
    }

    @Override
    public Thread startPlatform(String name, Runnable task) {
        clock.register();
        return Thread.ofPlatform().name(name).daemon(true).start(() -> {
            try {
                task.run();
            } finally {
                clock.deregister();
            }
        });
    }

    @Override
    public Thread startBackground(String name, Runnable task) {
        clock.register();
        return Thread.ofPlatform().name(name).daemon(true).start(() -> {
            clock.markBackground();
            try {
                task.run();
            } finally {
                clock.deregister();
            }
        });
    }

    @Override
    public void startOperation(Runnable task) {
        clock.register();
        Thread.startVirtualThread(() -> {
            try {
                task.run();
            } finally {
                clock.deregister();
            }
        });
    }
}
