package org.openmark.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;

/**
 * {@code timeseries.csv}: one row per interval and operation (all statuses together, inner
 * calls excluded): elapsed seconds, ops/s, response-time percentiles in microseconds, the
 * in-flight count, the interval's send-lag p99, and how many operations ended with each status.
 */
public final class TimeSeriesSink implements IntervalSink {
    /** The header row. */
    public static final String HEADER = "elapsed_s,operation,warmup,ops_per_s,p50_us,p90_us,p99_us,p999_us,max_us,"
            + "in_flight,send_lag_p99_us," + statusColumns();

    /** One count column per status, in the enum's order: ok, not_found, error, timeout, … */
    private static String statusColumns() {
        StringBuilder b = new StringBuilder();
        for (Status st : Status.values()) {
            b.append(b.length() == 0 ? "" : ",").append(st.name().toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }

    private final Path target;
    private final BufferedWriter out;
    /** The first write that failed: the file is then never renamed into place. */
    private IOException failed;

    public TimeSeriesSink(Path target) throws IOException {
        this.target = target;
        this.out = new BufferedWriter(new java.io.OutputStreamWriter(AtomicFiles.open(target), StandardCharsets.UTF_8));
        try {
            out.write(HEADER);
            out.write('\n');
        } catch (IOException e) {
            failed = e;
        }
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException {
        if (failed != null) {
            throw AtomicFiles.failed(target, failed);
        }
        try {
            write(s, elapsedSeconds, inFlight, warmUp);
        } catch (IOException e) {
            failed = e;
            throw AtomicFiles.failed(target, e);
        }
    }

    private void write(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException {
        double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
        long lagP99 = s.sendLag().getTotalCount() == 0 ? 0 : s.sendLag().getValueAtPercentile(99);
        Map<String, long[]> counts = new java.util.TreeMap<>();
        s.response().forEach((c, h) -> {
            if (!c.inner()) {
                counts.computeIfAbsent(c.op(), k -> new long[Status.values().length])[c.status().ordinal()] +=
                        h.getTotalCount();
            }
        });
        for (Map.Entry<String, Histogram> e : s.responseByOperation().entrySet()) {
            Histogram h = e.getValue();
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%.3f,%s,%s,%.1f,%d,%d,%d,%d,%d,%d,%d",
                    elapsedSeconds, e.getKey(), warmUp, h.getTotalCount() / seconds, h.getValueAtPercentile(50),
                    h.getValueAtPercentile(90), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                    h.getMaxValue(), inFlight, lagP99));
            for (long n : counts.getOrDefault(e.getKey(), new long[Status.values().length])) {
                row.append(',').append(n);
            }
            out.write(row.append('\n').toString());
        }
        out.flush();
    }

    /** Renames the file into place, or, when any write failed, deletes it and throws naming it. */
    @Override
    public void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            if (failed == null) {
                failed = e;
            }
        }
        if (failed != null) {
            AtomicFiles.abandon(target);
            throw AtomicFiles.failed(target, failed);
        }
        AtomicFiles.commit(target);
    }
}
