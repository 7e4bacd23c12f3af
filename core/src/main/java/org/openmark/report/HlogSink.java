package org.openmark.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.LatencyKind;

/**
 * {@code latency.hlog}: HdrHistogram's interval log, one tagged histogram per channel and
 * latency kind per interval (tags like {@code READ.OK.response}, {@code READ.OK.service}),
 * plus {@code SENDLAG}. Values are microseconds. Warm-up intervals are kept.
 */
public final class HlogSink implements IntervalSink {
    private final Path target;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    /** Opens the log at {@code target} (written under a temporary name until closed). */
    public HlogSink(Path target, long startEpochMs) throws IOException {
        this.target = target;
        Files.createDirectories(target.toAbsolutePath().getParent());
        this.out = new PrintStream(Files.newOutputStream(AtomicFiles.temporary(target)), false, "UTF-8");
        this.writer = new HistogramLogWriter(out);
        writer.outputComment("openmark latency log; values in microseconds; tags OP.STATUS.KIND");
        writer.outputLogFormatVersion();
        writer.setBaseTime(startEpochMs);
        writer.outputStartTime(startEpochMs);
        writer.outputBaseTime(startEpochMs);
        writer.outputLegend();
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        write(s.response(), LatencyKind.RESPONSE);
        write(s.service(), LatencyKind.SERVICE);
        Histogram lag = HistogramCodec.canonical(s.sendLag());
        lag.setStartTimeStamp(s.startMillis());
        lag.setEndTimeStamp(s.endMillis());
        lag.setTag("SENDLAG");
        writer.outputIntervalHistogram(lag);
    }

    private void write(Map<Channel, Histogram> byChannel, LatencyKind kind) {
        byChannel.forEach((c, h) -> {
            Histogram copy = HistogramCodec.canonical(h);
            copy.setTag(c.tag() + "." + kind.tagSuffix());
            writer.outputIntervalHistogram(copy);
        });
    }

    @Override
    public void close() throws IOException {
        out.close();
        AtomicFiles.commit(target);
    }
}
