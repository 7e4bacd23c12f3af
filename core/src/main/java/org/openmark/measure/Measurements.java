package org.openmark.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;

/**
 * The run's latency recorders. Drivers record through {@link MeasurementWriter}s; one collector
 * thread calls {@link #collectInterval} to take what was recorded since the last call.
 *
 * <p>Implementation notes: the hot path never touches a histogram another thread writes at the
 * same time. Each closed-model thread has its own {@link ThreadWriter}: plain histograms behind
 * one writer/reader phaser (wait-free for the writer, one phase entry per operation); the open
 * model's operations finish on many threads and share a striped writer whose stripe a thread
 * holds while it records, moving on to another stripe when its own is held ({@link SharedWriter}).
 * The collector swaps each writer's active histograms and adds the interval histograms up, so
 * nothing is lost and no writer waits for a store call or for more than a swap.
 */
public final class Measurements {
    /** Histograms hold microseconds with 3 significant digits, as YCSB's HdrHistogram measurement. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final List<CollectedWriter> writers = new CopyOnWriteArrayList<>();
    private final long stallAfterNanos;
    /** The stalls, from every writer's evidence (the collector's). */
    private final Stalls stalls;
    /** Every writer's evidence of one collection, gathered before it goes to {@link #stalls}. */
    private final StallEvidence collected;
    /** Operations outstanding when the run stopped: {since, until} (until: when they were given up). */
    private final List<long[]> unfinishedWaits = new ArrayList<>();
    /**
     * The shared writer is striped: each operation's thread starts at a stripe picked by its id,
     * so concurrent completions rarely meet on one stripe (a contended one costs a cache line
     * moving between cores: one contended recorder of HdrHistogram's cost about 1.5 µs per value
     * with two threads in RecorderBenchmark).
     */
    private final SharedWriter[] stripes = new SharedWriter[Integer.highestOneBit(
            Math.max(1, Runtime.getRuntime().availableProcessors()) * 4 - 1) * 2];
    /** The service times of the first operations the shared writer recorded (the store before any backlog). */
    private final FirstServiceTimes first = new FirstServiceTimes();
    private final MeasurementWriter shared = new StripedWriter(stripes, first);
    private final Histogram unfinished = new Histogram(SIGNIFICANT_DIGITS);
    /** Why failed operations failed, counted by cause. */
    private final ErrorCauses errorCauses = new ErrorCauses();
    /** What {@link #issued} was at the previous {@link #collectInterval} (only the collector touches it). */
    private long issuedAtLastCollect;

    /** Measurements whose stalls are {@link Stalls#DEFAULT_AFTER} long at least. */
    public Measurements() {
        this(Stalls.DEFAULT_AFTER);
    }

    /** @param stallAfter how long the store must answer nothing while operations wait for that to be a stall */
    public Measurements(java.time.Duration stallAfter) {
        this.stalls = new Stalls(stallAfter);
        this.stallAfterNanos = stalls.afterNanos();
        this.collected = new StallEvidence(stallAfterNanos);
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new SharedWriter(stallAfterNanos);
            writers.add(stripes[i]);
        }
    }

    /** Why the phase's failed operations failed, counted by cause. */
    public ErrorCauses errorCauses() {
        return errorCauses;
    }

    /** A writer for the calling thread only (closed-model client threads). */
    public MeasurementWriter newThreadWriter() {
        ThreadWriter w = new ThreadWriter(stallAfterNanos);
        writers.add(w);
        return w;
    }

    /** The service times of the first operations recorded by the shared writer (the open model's). */
    public FirstServiceTimes firstServiceTimes() {
        return first;
    }

    /** The writer any thread may use (open-model operations). */
    public MeasurementWriter sharedWriter() {
        return shared;
    }

    /** Operations counted as issued so far, by every writer. */
    public long issued() {
        long n = 0;
        for (CollectedWriter w : writers) {
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

    /**
     * Records an operation that had not finished when the run stopped at {@code nowNanos}, waiting
     * since {@code sinceNanos} (its intended start: the load models keep no other for an operation
     * in the store): how long it had been waiting (as {@link #recordUnfinished(long)}), and a wait
     * that runs to the end of the phase for the stalls.
     */
    public synchronized void recordUnfinished(long sinceNanos, long nowNanos) {
        recordUnfinished((nowNanos - sinceNanos) / 1000);
        unfinishedWaits.add(new long[] {sinceNanos, nowNanos});
    }

    /**
     * The stalls of the phase that started at {@code startNanos} and ended at {@code endNanos}
     * ({@link Stalls}), seconds since its start; after the last collection.
     */
    public synchronized List<Outage> stalls(long startNanos, long endNanos) {
        for (long[] w : unfinishedWaits) {
            stalls.waited(w[0], Math.max(w[1], endNanos), 1);
        }
        unfinishedWaits.clear();
        return stalls.outages(startNanos, endNanos);
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
        for (CollectedWriter w : writers) {
            w.drainInto(response, service, sendLag, collected);
        }
        collected.addTo(stalls);
        collected.clear();
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

    /** Microseconds from {@code fromNanos} to {@code toNanos}, never negative. */
    static long micros(long fromNanos, long toNanos) {
        return Math.max(0, (toNanos - fromNanos) / 1000);
    }

    /**
     * Spreads records over stripes by the calling thread's id; a thread whose stripe another
     * holds records into the next free one instead of waiting.
     */
    private record StripedWriter(SharedWriter[] stripes, FirstServiceTimes first) implements MeasurementWriter {
        private int home() {
            return (int) (Thread.currentThread().threadId() & (stripes.length - 1));
        }

        @Override
        public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
                long completedNanos) {
            int i = home();
            while (!stripes[i].tryRecord(op, status, intendedStartNanos, actualStartNanos, completedNanos)) {
                i = (i + 1) & (stripes.length - 1);
                Thread.onSpinWait();
            }
            first.record(actualStartNanos, completedNanos);
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
            int i = home();
            while (!stripes[i].tryRecordInner(op, status, startNanos, completedNanos)) {
                i = (i + 1) & (stripes.length - 1);
                Thread.onSpinWait();
            }
        }

        @Override
        public void issued() {
            stripes[home()].issued();
        }
    }

    /** All channels seen so far (for tests and reports). */
    public List<Channel> channels() {
        List<Channel> out = new ArrayList<>();
        for (CollectedWriter w : writers) {
            out.addAll(w.channels());
        }
        return out;
    }
}
