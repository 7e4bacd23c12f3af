package org.openmark.measure;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.openmark.api.Status;

/**
 * One stripe of the writer any thread may use (the open model's operations end on many
 * threads): HdrHistogram's concurrent {@link Recorder}s, one pair per channel.
 */
final class SharedWriter implements CollectedWriter {
    private final Map<String, Pair[]> byOp = new ConcurrentHashMap<>();
    private final Map<String, Pair[]> innerByOp = new ConcurrentHashMap<>();
    /** Every pair this writer created, for the collector; appended rarely. */
    private final List<Pair> pairs = new CopyOnWriteArrayList<>();
    private final Recorder sendLag = new Recorder(Measurements.SIGNIFICANT_DIGITS);
    private final LongAdder issued = new LongAdder();
    private Histogram recycleSendLag;

    @Override
    public void issued() {
        issued.increment();
    }

    @Override
    public long issuedCount() {
        return issued.sum();
    }

    @Override
    public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
            long completedNanos) {
        Pair p = pair(byOp, false, op, status);
        p.response.recordValue(Measurements.micros(intendedStartNanos, completedNanos));
        p.service.recordValue(Measurements.micros(actualStartNanos, completedNanos));
        sendLag.recordValue(Measurements.micros(intendedStartNanos, actualStartNanos));
    }

    @Override
    public void recordInner(String op, Status status, long startNanos, long completedNanos) {
        long micros = Measurements.micros(startNanos, completedNanos);
        Pair p = pair(innerByOp, true, op, status);
        p.response.recordValue(micros);
        p.service.recordValue(micros);
    }

    private Pair pair(Map<String, Pair[]> map, boolean inner, String op, Status status) {
        Pair[] row = map.get(op);
        if (row == null) {
            row = map.computeIfAbsent(op, k -> new Pair[Status.values().length]);
        }
        Pair p = row[status.ordinal()];
        return p != null ? p : createPair(row, op, status, inner);
    }

    private Pair createPair(Pair[] row, String op, Status status, boolean inner) {
        synchronized (row) {
            Pair p = row[status.ordinal()];
            if (p == null) {
                p = new Pair(new Channel(op, status, inner));
                pairs.add(p);
                row[status.ordinal()] = p;
            }
            return p;
        }
    }

    @Override
    public void drainInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram lag) {
        for (Pair p : pairs) {
            p.recycleResponse = p.response.getIntervalHistogram(p.recycleResponse);
            p.recycleService = p.service.getIntervalHistogram(p.recycleService);
            response.computeIfAbsent(p.channel, c -> Measurements.newHistogram()).add(p.recycleResponse);
            service.computeIfAbsent(p.channel, c -> Measurements.newHistogram()).add(p.recycleService);
        }
        recycleSendLag = sendLag.getIntervalHistogram(recycleSendLag);
        lag.add(recycleSendLag);
    }

    @Override
    public List<Channel> channels() {
        return pairs.stream().map(p -> p.channel).toList();
    }

    /** The response-time and service-time recorders of one channel. */
    private static final class Pair {
        final Channel channel;
        final Recorder response = new Recorder(Measurements.SIGNIFICANT_DIGITS);
        final Recorder service = new Recorder(Measurements.SIGNIFICANT_DIGITS);
        Histogram recycleResponse;
        Histogram recycleService;

        Pair(Channel channel) {
            this.channel = channel;
        }
    }
}
