package org.openmark.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;

/**
 * One stripe of the writer any thread may use (the open model's operations end on many
 * threads). A thread records into the stripe's plain histograms while it holds the stripe: taken
 * with one compare-and-set, given back with a release store. A thread that finds the stripe held
 * does not wait: it returns false and tries another stripe ({@link Measurements}). Where a
 * {@link org.HdrHistogram.Recorder} per value took about fifteen atomic operations for one
 * operation's three values, this takes one (JMH, two threads: 88 ns before).
 *
 * <p>As in {@link ThreadWriter}, a send lag of zero is counted, not recorded, and an operation
 * whose intended start is its actual start has its one time recorded once for both its response
 * and its service time. The collector holds the stripe only to swap the active histograms for
 * emptied spares, then reads the spares without it: a writer is never held up by more than a
 * swap, and never by a store call.
 */
final class SharedWriter implements CollectedWriter {
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(SharedWriter.class, "held", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 1 while a writer or the collector holds the stripe. */
    @SuppressWarnings("unused") // through HELD
    private volatile int held;
    /** Looked up and added to only by the holder. */
    private final ChannelTable channels = new ChannelTable();
    /** The holder's; the collector swaps it for {@link #spareSendLags}. */
    private SendLags sendLags = new SendLags();
    private SendLags spareSendLags = new SendLags();
    /** The holder's; the collector swaps it for {@link #spareStalls}. */
    private StallEvidence stalls;
    private StallEvidence spareStalls;
    private final LongAdder issued = new LongAdder();
    /** Collectors take turns. */
    private final Object readerLock = new Object();

    /** @param stallAfterNanos how long without an answer is a stall ({@link Stalls}) */
    SharedWriter(long stallAfterNanos) {
        stalls = new StallEvidence(stallAfterNanos);
        spareStalls = new StallEvidence(stallAfterNanos);
    }

    @Override
    public void issued() {
        issued.increment();
    }

    @Override
    public long issuedCount() {
        return issued.sum();
    }

    /** Records the operation unless another thread holds the stripe; true when it did. */
    boolean tryRecord(String op, Status status, long intendedStartNanos, long actualStartNanos, long completedNanos) {
        if (!tryHold()) {
            return false;
        }
        try {
            channels.of(op, status, false).record(Measurements.micros(intendedStartNanos, completedNanos),
                    Measurements.micros(actualStartNanos, completedNanos), intendedStartNanos == actualStartNanos);
            sendLags.record(Measurements.micros(intendedStartNanos, actualStartNanos));
            stalls.record(status, actualStartNanos, completedNanos);
        } finally {
            release();
        }
        return true;
    }

    /** Records the inner call unless another thread holds the stripe; true when it did. */
    boolean tryRecordInner(String op, Status status, long startNanos, long completedNanos) {
        if (!tryHold()) {
            return false;
        }
        try {
            channels.of(op, status, true).both.recordValue(Measurements.micros(startNanos, completedNanos));
            stalls.record(status, startNanos, completedNanos);
        } finally {
            release();
        }
        return true;
    }

    @Override
    public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
            long completedNanos) {
        while (!tryRecord(op, status, intendedStartNanos, actualStartNanos, completedNanos)) {
            Thread.onSpinWait();
        }
    }

    @Override
    public void recordInner(String op, Status status, long startNanos, long completedNanos) {
        while (!tryRecordInner(op, status, startNanos, completedNanos)) {
            Thread.onSpinWait();
        }
    }

    @Override
    public void drainInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram lag,
            StallEvidence stallsInto) {
        synchronized (readerLock) {
            spareSendLags.clear();
            spareStalls.clear();
            SendLags lagsTaken;
            StallEvidence stallsTaken;
            List<ChannelHistograms> taken;
            hold();
            try {
                // A channel a writer adds after this snapshot keeps its values until the next call.
                taken = List.copyOf(channels.all());
                for (ChannelHistograms h : taken) {
                    h.swap();
                }
                lagsTaken = sendLags;
                sendLags = spareSendLags;
                spareSendLags = lagsTaken;
                stallsTaken = stalls;
                stalls = spareStalls;
                spareStalls = stallsTaken;
            } finally {
                release();
            }
            // The release above ends every record into the taken histograms; the next writer uses the new ones.
            for (ChannelHistograms h : taken) {
                h.addTakenTo(response, service);
            }
            lagsTaken.addTo(lag);
            stallsTaken.addTo(stallsInto);
        }
    }

    @Override
    public List<Channel> channels() {
        return channels.all().stream().map(h -> h.channel).toList();
    }

    private boolean tryHold() {
        return HELD.compareAndSet(this, 0, 1);
    }

    /** The collector's: waits for a writer's record (a few histogram increments) to end. */
    private void hold() {
        int spins = 0;
        while (!tryHold()) {
            if (++spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder may have been descheduled inside its record
            }
        }
    }

    private void release() {
        HELD.setRelease(this, 0);
    }
}
