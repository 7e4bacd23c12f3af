package org.openmark.output;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.openmark.measure.Channel;
import org.openmark.measure.HistogramCodec;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.LatencyKind;

/**
 * {@code latency.hlog}: HdrHistogram's interval log, one tagged histogram per channel and
 * latency kind per interval (tags like {@code READ.OK.response}, {@code READ.OK.service}),
 * plus {@code SENDLAG}. Values are microseconds. Warm-up intervals are kept.
 *
 * <p>HdrHistogram's writer prints to a {@link PrintStream}, which swallows write errors: the
 * stream underneath remembers the first one, every interval looks at it, and {@link #close}
 * renames the file into place only when nothing failed (otherwise it deletes it and says why).
 */
public final class HlogSink implements IntervalSink {
    private final Path target;
    /** The run's seed, for its name in the log (when {@link #named}). */
    private final long seed;
    private final boolean named;
    private final FirstError failure;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private boolean started;

    /** Opens the log at {@code target} (written under a temporary name until closed), starting at {@code startEpochMs}. */
    public HlogSink(Path target, long startEpochMs) throws IOException {
        this(target, 0, false);
        started(startEpochMs);
    }

    private HlogSink(Path target, long seed, boolean named) throws IOException {
        this.target = target;
        this.seed = seed;
        this.named = named;
        this.failure = new FirstError(new java.io.BufferedOutputStream(AtomicFiles.open(target), 1 << 16));
        this.out = new PrintStream(failure, false, java.nio.charset.StandardCharsets.UTF_8);
        this.writer = new HistogramLogWriter(out);
    }

    /**
     * The log of one run's phase at {@code target}, named by the run: its header, with the phase's
     * start, is written when the phase starts ({@link #started}).
     */
    public static HlogSink ofRun(Path target, long seed) throws IOException {
        return new HlogSink(target, seed, true);
    }

    /**
     * The header: StartTime and BaseTime are the phase's measured start, the {@code startEpochMs}
     * of result.json, so the log's intervals line up with timeseries.csv, the outages and the events.
     */
    @Override
    public void started(long startEpochMs) {
        if (started) {
            return;
        }
        started = true;
        writer.outputComment("openmark latency log; values in microseconds; tags OP.STATUS.KIND");
        if (named) {
            writer.outputComment("openmark run " + RunId.of(startEpochMs, seed));
        }
        writer.outputLogFormatVersion();
        writer.setBaseTime(startEpochMs);
        writer.outputStartTime(startEpochMs);
        writer.outputBaseTime(startEpochMs);
        writer.outputLegend();
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException {
        if (!started) {
            started(s.startMillis());
        }
        write(s.response(), LatencyKind.RESPONSE);
        write(s.service(), LatencyKind.SERVICE);
        Histogram lag = HistogramCodec.canonical(s.sendLag());
        lag.setStartTimeStamp(s.startMillis());
        lag.setEndTimeStamp(s.endMillis());
        lag.setTag("SENDLAG");
        writer.outputIntervalHistogram(lag);
        out.flush();
        if (out.checkError()) {
            throw failure.named(target);
        }
    }

    private void write(Map<Channel, Histogram> byChannel, LatencyKind kind) {
        byChannel.forEach((c, h) -> {
            Histogram copy = HistogramCodec.canonical(h);
            copy.setTag(c.tag() + "." + kind.tagSuffix());
            writer.outputIntervalHistogram(copy);
        });
    }

    /** Renames the log into place, or, when any write failed, deletes it and throws naming it. */
    @Override
    public void close() throws IOException {
        out.close();
        if (out.checkError()) {
            AtomicFiles.abandon(target);
            throw failure.named(target);
        }
        AtomicFiles.commit(target);
    }

    /** A stream that remembers the first write error (a PrintStream above it only keeps a flag). */
    private static final class FirstError extends FilterOutputStream {
        private volatile IOException first;

        FirstError(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } catch (IOException e) {
                remember(e);
                throw e;
            }
        }

        private void remember(IOException e) {
            if (first == null) {
                first = e;
            }
        }

        IOException named(Path target) {
            return AtomicFiles.failed(target, first != null ? first : new IOException("a write failed"));
        }
    }
}
