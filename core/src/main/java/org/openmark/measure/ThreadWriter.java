package org.openmark.measure;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;

/**
 * The writer of one thread (a closed-model client): plain histograms behind one
 * {@link SingleWriterPhaser} for all of them. Recording an operation's three values (response
 * time, service time, send lag) costs one volatile store and one release store, where a
 * {@link org.HdrHistogram.SingleWriterRecorder} per value took six atomic increments. A send lag
 * of zero, every operation's in an unpaced closed model, is counted rather than recorded, and such
 * an operation's response time, equal to its service time, is recorded once for both. The
 * collector swaps every active histogram of the writer for its spare, waits for a record in
 * progress (never for a store call) and reads the spares: nothing is lost and the writer never
 * blocks. A call chain's operations ({@link BackToBack}) are recorded at the chain's end; those
 * that ended while a later call of the chain still runs the collector takes itself.
 */
final class ThreadWriter implements CollectedWriter {
    private final SingleWriterPhaser phase = new SingleWriterPhaser();
    /** Collectors take turns. */
    private final Object readerLock = new Object();
    /** The writer's own lookup; only its thread adds to it. */
    private final ChannelTable channels = new ChannelTable();
    /** The writer's call chains, for the collector to take from; appended rarely. */
    private final List<Chain> chains = new CopyOnWriteArrayList<>();
    private volatile SendLags sendLags = new SendLags();
    private SendLags spareSendLags = new SendLags();
    private volatile StallEvidence stalls;
    private StallEvidence spareStalls;
    private final AtomicLong issued = new AtomicLong();

    /** A writer whose evidence of stalls uses the default length ({@link Stalls#DEFAULT_AFTER}). */
    ThreadWriter() {
        this(Stalls.DEFAULT_AFTER.toNanos());
    }

    /** @param stallAfterNanos how long without an answer is a stall ({@link Stalls}) */
    ThreadWriter(long stallAfterNanos) {
        stalls = new StallEvidence(stallAfterNanos);
        spareStalls = new StallEvidence(stallAfterNanos);
    }

    @Override
    public void issued() {
        // One writer: a lazy set is enough; the collector tolerates a slightly old value.
        issued.lazySet(issued.get() + 1);
    }

    @Override
    public long issuedCount() {
        return issued.get();
    }

    @Override
    public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
            long completedNanos) {
        long responseMicros = Measurements.micros(intendedStartNanos, completedNanos);
        long serviceMicros = Measurements.micros(actualStartNanos, completedNanos);
        long sendLagMicros = Measurements.micros(intendedStartNanos, actualStartNanos);
        long token = phase.enter();
        try {
            channels.of(op, status, false).record(responseMicros, serviceMicros,
                    intendedStartNanos == actualStartNanos);
            sendLags.record(sendLagMicros);
            stalls.record(status, actualStartNanos, completedNanos);
        } finally {
            phase.exit(token);
        }
    }

    /**
     * All of them inside one phase entry: one volatile store for the chain, not one per operation.
     * The first ones may have been taken by the collector already ({@link Chain}).
     */
    @Override
    public void record(BackToBack operations) {
        int from = operations.seal();
        int n = operations.size();
        long token = phase.enter();
        try {
            for (int i = 0; i < from; i++) {
                channels.of(operations.name(i), operations.status(i), false); // its channel, for channels()
            }
            StallEvidence evidence = stalls;
            for (int i = from; i < n; i++) {
                long micros = Measurements.micros(operations.start(i), operations.end(i));
                channels.of(operations.name(i), operations.status(i), false).both.recordValue(micros);
                evidence.record(operations.status(i), operations.start(i), operations.end(i));
            }
            sendLags.addZeros(n - from);
        } finally {
            phase.exit(token);
        }
        operations.clear();
    }

    /** Registered, so that each collection takes the finished operations of a chain still running. */
    @Override
    public BackToBack backToBack(int capacity) {
        BackToBack b = new BackToBack(capacity);
        chains.add(new Chain(b, new BackToBack(capacity)));
        return b;
    }

    @Override
    public void recordInner(String op, Status status, long startNanos, long completedNanos) {
        long micros = Measurements.micros(startNanos, completedNanos);
        long token = phase.enter();
        try {
            channels.of(op, status, true).both.recordValue(micros);
            stalls.record(status, startNanos, completedNanos);
        } finally {
            phase.exit(token);
        }
    }

    @Override
    public void drainInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram lag,
            StallEvidence stallsInto) {
        synchronized (readerLock) {
            // A channel the writer adds after this snapshot keeps its values until the next call.
            List<ChannelHistograms> taken = List.copyOf(channels.all());
            for (ChannelHistograms h : taken) {
                h.swap();
            }
            SendLags lagsTaken = sendLags;
            spareSendLags.clear();
            sendLags = spareSendLags;
            spareSendLags = lagsTaken;
            StallEvidence stallsTaken = stalls;
            spareStalls.clear();
            stalls = spareStalls;
            spareStalls = stallsTaken;
            phase.awaitWriter();
            // Every record that could still use a swapped-out histogram has ended.
            for (ChannelHistograms h : taken) {
                h.addTakenTo(response, service);
            }
            lagsTaken.addTo(lag);
            stallsTaken.addTo(stallsInto);
            for (Chain c : chains) {
                c.takeInto(response, service, lag, stallsInto);
            }
        }
    }

    @Override
    public List<Channel> channels() {
        return channels.all().stream().map(h -> h.channel).toList();
    }

    /**
     * A call chain of the writer's and the collector's copy of what it takes from it. The
     * operations a chain's writer has not recorded yet, because a later call of the chain is still
     * running, are taken by the collector and added to the interval's histograms directly: they
     * ended before this collection, and a stalled call must not hide them.
     */
    private record Chain(BackToBack running, BackToBack copy) {
        void takeInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram lag,
                StallEvidence stalls) {
            int n = running.takeInto(copy);
            for (int i = 0; i < n; i++) {
                stalls.record(copy.status(i), copy.start(i), copy.end(i));
                long micros = Measurements.micros(copy.start(i), copy.end(i));
                Channel channel = new Channel(copy.name(i), copy.status(i), false);
                response.computeIfAbsent(channel, c -> Measurements.newHistogram()).recordValue(micros);
                service.computeIfAbsent(channel, c -> Measurements.newHistogram()).recordValue(micros);
            }
            if (n > 0) {
                lag.recordValueWithCount(0, n);
            }
        }
    }
}
