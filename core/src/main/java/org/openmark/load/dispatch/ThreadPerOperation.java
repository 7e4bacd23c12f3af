package org.openmark.load.dispatch;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.timing.Tasks;
import org.openmark.workload.Operation;

/**
 * Each operation on a fresh thread from {@link Tasks}. Used in virtual time, where a thread may
 * wait only on the clock, so an idle worker waiting for its next operation would stop time.
 * It allocates per operation; real runs use {@link WorkerPool}.
 */
final class ThreadPerOperation implements Dispatch {
    private final Tasks tasks;
    private final int maxInFlight;
    private final OperationHandler handler;
    private final SessionPool sessions;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConcurrentHashMap<Long, Long> outstanding = new ConcurrentHashMap<>();
    private long sequence;

    ThreadPerOperation(Store store, Tasks tasks, int maxInFlight, OperationHandler handler) {
        this.tasks = tasks;
        this.maxInFlight = maxInFlight;
        this.handler = handler;
        this.sessions = new SessionPool(store);
    }

    @Override
    public long watch(long nowNanos) {
        return Long.MAX_VALUE; // every operation has a thread of its own
    }

    @Override
    public boolean hasRoom() {
        return inFlight.get() < maxInFlight;
    }

    @Override
    public void offer(Operation operation, long intendedStartNanos) {
        if (!hasRoom()) {
            throw new IllegalStateException("no room: " + maxInFlight + " operations outstanding");
        }
        inFlight.incrementAndGet();
        Session session = sessions.take();
        Long key = sequence++;
        outstanding.put(key, intendedStartNanos);
        tasks.startOperation(() -> {
            try {
                handler.run(new WorkerSession(session), operation, intendedStartNanos);
            } finally {
                outstanding.remove(key);
                sessions.give(session);
                inFlight.decrementAndGet();
            }
        });
    }

    @Override
    public int sessions() {
        return sessions.size();
    }

    @Override
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public long forEachInFlight(LongConsumer intendedStart) {
        long n = 0;
        for (Long intended : outstanding.values()) {
            intendedStart.accept(intended);
            n++;
        }
        return n;
    }

    @Override
    public void close() {
        sessions.close();
    }
}
