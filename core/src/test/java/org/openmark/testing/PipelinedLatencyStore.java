package org.openmark.testing;

import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * A store for driver tests whose sessions pipeline: a started call is held in its session until
 * {@link PipelinedSession#flush} "sends" it, and completes (OK, with no data), on the store's
 * own thread, at a time given by a function of its send time. Blocking calls go to a
 * {@link LatencyStore} with the same function. It counts what a test asks about: calls outstanding at once, the
 * threads that started calls, how many calls were started and completed. Real clock only.
 */
public final class PipelinedLatencyStore implements Store {
    private final Clock clock;
    private final LongUnaryOperator completionAt;
    /** Serves the blocking calls. */
    private final LatencyStore blockingStore;
    private final Histogram truth = new Histogram(3);
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicInteger maxOutstanding = new AtomicInteger();
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final Set<Thread> starters = ConcurrentHashMap.newKeySet();
    /** Guarded by itself: sent calls by completion time. */
    private final PriorityQueue<Sent> sent = new PriorityQueue<>();
    private final Thread completer;
    private volatile boolean closed;
    private long seq;

    private record Sent(long atNanos, long seq, long sentNanos, Runnable complete) implements Comparable<Sent> {
        @Override
        public int compareTo(Sent o) {
            int c = Long.compare(atNanos, o.atNanos);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** @param completionAt maps a call's send time (clock nanos) to its completion time; Long.MAX_VALUE never completes */
    public PipelinedLatencyStore(Clock clock, LongUnaryOperator completionAt) {
        this.clock = clock;
        this.completionAt = completionAt;
        truth.setAutoResize(true);
        blockingStore = new LatencyStore(clock, completionAt);
        completer = Thread.ofPlatform().daemon(true).name("pipelined-store").start(this::complete);
    }

    /** Latencies (microseconds) from send to completion, one per completed started call. */
    public synchronized Histogram truth() {
        return truth.copy();
    }

    /** The most started calls that were outstanding (sent or held, not completed) at once. */
    public int maxOutstanding() {
        return maxOutstanding.get();
    }

    /** Calls started so far. */
    public long started() {
        return started.get();
    }

    /** Started calls completed so far. */
    public long completed() {
        return completed.get();
    }

    /** How many different threads started calls. */
    public int starterThreads() {
        return starters.size();
    }

    private void complete() {
        while (!closed) {
            Sent due = null;
            long wait;
            synchronized (sent) {
                Sent head = sent.peek();
                long now = clock.nanoTime();
                if (head != null && head.atNanos() <= now) {
                    due = sent.poll();
                    wait = 0;
                } else {
                    wait = head == null ? 1_000_000 : Math.min(1_000_000, head.atNanos() - now);
                }
            }
            if (due == null) {
                LockSupport.parkNanos(wait);
                continue;
            }
            synchronized (this) {
                truth.recordValue(Math.max(0, due.atNanos() - due.sentNanos()) / 1000);
            }
            outstanding.decrementAndGet();
            completed.incrementAndGet();
            due.complete().run();
        }
    }

    @Override
    public PipelinedSession newSession() {
        return new Session();
    }

    /** Holds started calls until flushed; blocking calls go to the {@link LatencyStore}. One thread at a time. */
    private final class Session implements PipelinedSession {
        private final java.util.ArrayList<Runnable> held = new java.util.ArrayList<>();
        private final org.openmark.api.Session blocking = blockingStore.newSession();

        private void start(Status status, Completion done) {
            started.incrementAndGet();
            starters.add(Thread.currentThread());
            maxOutstanding.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
            held.add(() -> done.completed(status));
        }

        @Override
        public void flush() {
            long now = clock.nanoTime();
            synchronized (sent) {
                for (Runnable r : held) {
                    long at = completionAt.applyAsLong(now);
                    if (at != Long.MAX_VALUE) {
                        sent.add(new Sent(at, seq++, now, r));
                    }
                }
            }
            held.clear();
        }

        @Override
        public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result,
                Completion done) {
            start(Status.OK, done);
        }

        @Override
        public void startScan(String table, String startKey, int recordCount, Set<String> fields,
                List<Record> result, Completion done) {
            start(Status.OK, done);
        }

        @Override
        public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
            start(Status.OK, done);
        }

        @Override
        public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
            start(Status.OK, done);
        }

        @Override
        public void startDelete(String table, String key, Completion done) {
            start(Status.OK, done);
        }

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            return blocking.read(table, key, fields, result);
        }

        @Override
        public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
            return blocking.scan(table, startKey, recordCount, fields, result);
        }

        @Override
        public Status update(String table, String key, Map<String, byte[]> values) {
            return blocking.update(table, key, values);
        }

        @Override
        public Status insert(String table, String key, Map<String, byte[]> values) {
            return blocking.insert(table, key, values);
        }

        @Override
        public Status delete(String table, String key) {
            return blocking.delete(table, key);
        }
    }

    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return blockingStore.isKnownEmpty(table);
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(completer);
    }
}
