package org.openmark.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.openmark.api.Status;

/**
 * The run's latency recorders. Drivers record through {@link MeasurementWriter}s; one collector
 * thread calls {@link #collectInterval} to take what was recorded since the last call.
 *
 * <p>Implementation notes: the hot path never touches a shared histogram. Each closed-model
 * thread has its own writer whose recorders are HdrHistogram {@link SingleWriterRecorder}s
 * (wait-free for the writer); the open model's operations finish on many virtual threads and
 * share one writer built on concurrent {@link Recorder}s. The collector swaps each recorder's
 * active histogram (HdrHistogram's writer/reader phaser) and adds the interval histograms up,
 * so nothing is lost and nothing blocks a writer.
 */
public final class Measurements {
    /** Histograms hold microseconds with 3 significant digits, as YCSB's HdrHistogram measurement. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final List<Writer> writers = new CopyOnWriteArrayList<>();
    /**
     * The shared writer is striped: each operation's thread picks a stripe by its id, so
     * concurrent completions rarely touch the same recorder (one contended recorder cost about
     * 1.5 µs per value with two threads in RecorderBenchmark).
     */
    private final Writer[] stripes = new Writer[Integer.highestOneBit(
            Math.max(1, Runtime.getRuntime().availableProcessors()) * 4 - 1) * 2];
    private final MeasurementWriter shared = new StripedWriter(stripes);
    private final Histogram unfinished = new Histogram(SIGNIFICANT_DIGITS);
    /** What {@link #issued} was at the previous {@link #collectInterval} (only the collector touches it). */
    private long issuedAtLastCollect;

    public Measurements() {
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Writer(true);
            writers.add(stripes[i]);
        }
    }

    /** A writer for the calling thread only (closed-model client threads). */
    public MeasurementWriter newThreadWriter() {
        Writer w = new Writer(false);
        writers.add(w);
        return w;
    }

    /** The writer any thread may use (open-model operations). */
    public MeasurementWriter sharedWriter() {
        return shared;
    }

    /** Operations counted as issued so far, by every writer. */
    public long issued() {
        long n = 0;
        for (Writer w : writers) {
            n += w.issuedCount();
        }
        return n;
    }

    /**
     * Records an operation that had not finished when the run stopped: how long it had been
     * waiting (a lower bound of its latency), so a stall at the end stays visible.
     */
    public synchronized void recordUnfinished(long waitedMicros) {
        unfinished.recordValue(Math.max(0, waitedMicros));
    }

    /** A copy of the unfinished-operations histogram. */
    public synchronized Histogram unfinished() {
        return unfinished.copy();
    }

    /**
     * Takes everything recorded since the previous call. Only one thread may collect.
     *
     * @param startMillis wall-clock start of the interval, stamped on the histograms
     * @param endMillis wall-clock end of the interval
     */
    public IntervalSnapshot collectInterval(long startMillis, long endMillis) {
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        Histogram sendLag = newHistogram();
        for (Writer w : writers) {
            for (RecorderPair p : w.pairs) {
                Histogram r = response.computeIfAbsent(p.channel(), c -> newHistogram());
                Histogram s = service.computeIfAbsent(p.channel(), c -> newHistogram());
                p.drainInto(r, s);
            }
            w.drainSendLag(sendLag);
        }
        for (Histogram h : response.values()) {
            h.setStartTimeStamp(startMillis);
            h.setEndTimeStamp(endMillis);
        }
        for (Histogram h : service.values()) {
            h.setStartTimeStamp(startMillis);
            h.setEndTimeStamp(endMillis);
        }
        long issuedNow = issued();
        long issuedInInterval = issuedNow - issuedAtLastCollect;
        issuedAtLastCollect = issuedNow;
        return new IntervalSnapshot(startMillis, endMillis, response, service, sendLag, issuedInInterval);
    }

    /** An empty auto-resizing histogram with the run's precision (microseconds, 3 digits). */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(SIGNIFICANT_DIGITS);
        h.setAutoResize(true);
        return h;
    }

    /** Spreads records over stripes by the calling thread's id. */
    private record StripedWriter(Writer[] stripes) implements MeasurementWriter {
        private Writer stripe() {
            return stripes[(int) (Thread.currentThread().threadId() & (stripes.length - 1))];
        }

        @Override
        public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
                long completedNanos) {
            stripe().record(op, status, intendedStartNanos, actualStartNanos, completedNanos);
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
            stripe().recordInner(op, status, startNanos, completedNanos);
        }

        @Override
        public void issued() {
            stripe().issued();
        }
    }

    /** A writer: recorders per channel plus a send-lag recorder and an issued counter. */
    private static final class Writer implements MeasurementWriter {
        private final boolean shared;
        private final Map<String, RecorderPair[]> byOp;
        private final Map<String, RecorderPair[]> innerByOp;
        /** Every pair this writer created, for the collector; appended rarely. */
        private final List<RecorderPair> pairs = new CopyOnWriteArrayList<>();
        private final SingleWriterRecorder singleSendLag;
        private final Recorder sharedSendLag;
        private final LongAdder sharedIssued;
        private final AtomicLong ownIssued = new AtomicLong();
        private Histogram recycleSendLag;

        Writer(boolean shared) {
            this.shared = shared;
            this.byOp = shared ? new ConcurrentHashMap<>() : new HashMap<>();
            this.innerByOp = shared ? new ConcurrentHashMap<>() : new HashMap<>();
            this.singleSendLag = shared ? null : new SingleWriterRecorder(SIGNIFICANT_DIGITS);
            this.sharedSendLag = shared ? new Recorder(SIGNIFICANT_DIGITS) : null;
            this.sharedIssued = shared ? new LongAdder() : null;
        }

        @Override
        public void issued() {
            if (shared) {
                sharedIssued.increment();
            } else {
                // Single writer: a lazy set is enough; the collector tolerates a slightly old value.
                ownIssued.lazySet(ownIssued.get() + 1);
            }
        }

        long issuedCount() {
            return shared ? sharedIssued.sum() : ownIssued.get();
        }

        @Override
        public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
                long completedNanos) {
            long responseMicros = Math.max(0, (completedNanos - intendedStartNanos) / 1000);
            long serviceMicros = Math.max(0, (completedNanos - actualStartNanos) / 1000);
            long sendLagMicros = Math.max(0, (actualStartNanos - intendedStartNanos) / 1000);
            pair(byOp, false, op, status).record(responseMicros, serviceMicros);
            if (shared) {
                sharedSendLag.recordValue(sendLagMicros);
            } else {
                singleSendLag.recordValue(sendLagMicros);
            }
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
            long micros = Math.max(0, (completedNanos - startNanos) / 1000);
            pair(innerByOp, true, op, status).record(micros, micros);
        }

        private RecorderPair pair(Map<String, RecorderPair[]> map, boolean inner, String op, Status status) {
            RecorderPair[] row = map.get(op);
            if (row == null) {
                // ConcurrentHashMap for the shared writer, a plain map for a thread's own.
                row = map.computeIfAbsent(op, k -> new RecorderPair[Status.values().length]);
            }
            RecorderPair p = row[status.ordinal()];
            if (p == null) {
                p = createPair(row, op, status, inner);
            }
            return p;
        }

        private RecorderPair createPair(RecorderPair[] row, String op, Status status, boolean inner) {
            synchronized (row) {
                RecorderPair p = row[status.ordinal()];
                if (p == null) {
                    p = new RecorderPair(new Channel(op, status, inner), shared, SIGNIFICANT_DIGITS);
                    pairs.add(p);
                    row[status.ordinal()] = p;
                }
                return p;
            }
        }

        void drainSendLag(Histogram into) {
            Histogram h = shared ? sharedSendLag.getIntervalHistogram(recycleSendLag)
                    : singleSendLag.getIntervalHistogram(recycleSendLag);
            into.add(h);
            recycleSendLag = h;
        }
    }

    /** All channels seen so far (for tests and reports). */
    public List<Channel> channels() {
        List<Channel> out = new ArrayList<>();
        for (Writer w : writers) {
            for (RecorderPair p : w.pairs) {
                out.add(p.channel());
            }
        }
        return out;
    }
}
