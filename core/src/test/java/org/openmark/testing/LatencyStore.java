package org.openmark.testing;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * An in-memory store for driver tests whose every call completes at a time given by a
 * function of its start time (e.g. "0.5 ms, or the end of a stall"), waiting through the clock.
 * It records what each call's latency truly was, so tests compare the driver's measurement
 * with the truth.
 */
public final class LatencyStore implements Store {
    private final Clock clock;
    private final LongUnaryOperator completionAt;
    private final ConcurrentSkipListMap<String, Map<String, byte[]>> data = new ConcurrentSkipListMap<>();
    private final Histogram truth = new Histogram(3);
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger maxInside = new AtomicInteger();
    private final long timeoutNanos;

    /** @param completionAt maps a call's start (clock nanos) to its completion time */
    public LatencyStore(Clock clock, LongUnaryOperator completionAt) {
        this(clock, completionAt, Long.MAX_VALUE);
    }

    /**
     * A store whose client gives up on a call after {@code timeoutNanos}: the call ends then, as
     * TIMEOUT (a driver's timeout, as Redis's client has one).
     */
    public LatencyStore(Clock clock, LongUnaryOperator completionAt, long timeoutNanos) {
        this.clock = clock;
        this.completionAt = completionAt;
        this.timeoutNanos = timeoutNanos;
        truth.setAutoResize(true);
    }

    /** Its calls wait through the clock, so under a virtual one they can make time pass. */
    @Override
    public boolean callsTakeTime() {
        return true;
    }

    /** Latencies (microseconds) the store really imposed, one per call. */
    public synchronized Histogram truth() {
        return truth.copy();
    }

    /** The calls in the store now. */
    public int inside() {
        return inside.get();
    }

    /** The most calls that were in the store at once. */
    public int maxConcurrent() {
        return maxInside.get();
    }

    private Status serve() {
        maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
        try {
            return serveOne();
        } finally {
            inside.decrementAndGet();
        }
    }

    private Status serveOne() {
        long start = clock.nanoTime();
        long end = completionAt.applyAsLong(start);
        Status status = Status.OK;
        if (end - start > timeoutNanos) {
            end = start + timeoutNanos;
            status = Status.TIMEOUT;
        }
        try {
            clock.parkUntil(end);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.ERROR;
        }
        synchronized (this) {
            truth.recordValue((end - start) / 1000);
        }
        return status;
    }

    @Override
    public Session newSession() {
        return new Session() {
            @Override
            public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                Status s = serve();
                Map<String, byte[]> v = data.get(key);
                if (v != null) {
                    result.putAll(v);
                }
                return s;
            }

            @Override
            public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
                return serve();
            }

            @Override
            public Status update(String table, String key, Map<String, byte[]> values) {
                data.put(key, Map.copyOf(values));
                return serve();
            }

            @Override
            public Status insert(String table, String key, Map<String, byte[]> values) {
                data.put(key, Map.copyOf(values));
                return serve();
            }

            @Override
            public Status delete(String table, String key) {
                data.remove(key);
                return serve();
            }
        };
    }

    /** In this process: nothing to connect to before a run. */
    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return data.isEmpty();
    }

    @Override
    public void close() {
    }
}
