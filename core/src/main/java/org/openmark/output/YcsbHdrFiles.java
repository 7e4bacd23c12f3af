package org.openmark.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.LatencyKind;
import org.openmark.measure.Measurements;

/**
 * YCSB's per-operation HdrHistogram logs ({@code hdrhistogram.fileoutput=true}): one file per latency
 * block of the text report ({@link LatencyBlock}), {@code READ.hdr} for the OK outcomes of
 * {@code [READ]}, {@code READ-FAILED.hdr} for the rest, {@code SERVICE-READ.hdr} or
 * {@code Intended-READ.hdr} for the others, each a HistogramLogWriter log of one histogram per
 * interval (microseconds), headed as YCSB heads it, with the latencies its block shows. Inner calls
 * count under their own names, as in the report; warm-up intervals are left out, as the report leaves
 * them out, so each file's counts add up to its block's {@code Operations}. A file is opened when its
 * name is first measured, written under a temporary name and renamed into place when the phase ends.
 */
public final class YcsbHdrFiles implements IntervalSink {
    private final Function<String, Path> fileOf;
    private final java.util.List<LatencyBlock> blocks;
    private final Map<String, Log> logs = new TreeMap<>();
    private long startEpochMs = -1;
    private IOException failed;

    /**
     * @param fileOf the file of an operation's log, by its name ({@code READ}, {@code READ-FAILED})
     * @param blocks the report's latency blocks
     */
    public YcsbHdrFiles(Function<String, Path> fileOf, java.util.List<LatencyBlock> blocks) {
        this.fileOf = fileOf;
        this.blocks = java.util.List.copyOf(blocks);
    }

    @Override
    public void started(long startMs) {
        if (startEpochMs < 0) {
            startEpochMs = startMs;
        }
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException {
        if (failed != null) {
            throw failed;
        }
        started(s.startMillis());
        if (warmUp) {
            return;
        }
        Map<String, Histogram> byName = byBlock(s, blocks);
        try {
            for (Map.Entry<String, Histogram> e : byName.entrySet()) {
                Histogram h = e.getValue();
                h.setStartTimeStamp(s.startMillis());
                h.setEndTimeStamp(s.endMillis());
                log(e.getKey()).write(h);
            }
            // as YCSB, a log once opened gets every interval, empty ones too
            for (Map.Entry<String, Log> e : logs.entrySet()) {
                if (!byName.containsKey(e.getKey())) {
                    Histogram none = Measurements.newHistogram();
                    none.setStartTimeStamp(s.startMillis());
                    none.setEndTimeStamp(s.endMillis());
                    e.getValue().write(none);
                }
            }
        } catch (IOException e) {
            failed = e;
            throw e;
        }
    }

    /** The interval's histograms by block name ({@code READ}, {@code READ-FAILED}, {@code SERVICE-READ}). */
    static Map<String, Histogram> byBlock(IntervalSnapshot s, java.util.List<LatencyBlock> blocks) {
        Map<String, Histogram> byName = new TreeMap<>();
        for (LatencyBlock block : blocks) {
            Map<Channel, Histogram> channels = block.kind() == LatencyKind.RESPONSE ? s.response() : s.service();
            channels.forEach((c, h) -> {
                String name = block.name(c.op(), c.status().isOk());
                if (name != null) {
                    byName.computeIfAbsent(name, k -> Measurements.newHistogram()).add(h);
                }
            });
        }
        return byName;
    }

    private Log log(String name) throws IOException {
        Log log = logs.get(name);
        if (log == null) {
            log = new Log(fileOf.apply(name), name, startEpochMs);
            logs.put(name, log);
        }
        return log;
    }

    /** Renames every log into place; when one failed, deletes them all and throws naming the first. */
    @Override
    public void close() throws IOException {
        IOException first = failed;
        for (Log log : logs.values()) {
            log.out.close();
            if (first == null && log.out.checkError()) {
                first = AtomicFiles.failed(log.target, new IOException("a write failed"));
            }
        }
        for (Log log : logs.values()) {
            if (first == null) {
                AtomicFiles.commit(log.target);
            } else {
                AtomicFiles.abandon(log.target);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One operation's log. */
    private static final class Log {
        final Path target;
        final java.io.PrintStream out;
        final HistogramLogWriter writer;

        Log(Path target, String name, long startEpochMs) throws IOException {
            this.target = target;
            this.out = new java.io.PrintStream(new java.io.BufferedOutputStream(AtomicFiles.open(target), 1 << 14),
                    false, StandardCharsets.UTF_8);
            this.writer = new HistogramLogWriter(out);
            writer.outputComment("[Logging for: " + name + "]");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startEpochMs);
            writer.setBaseTime(startEpochMs);
            writer.outputLegend();
        }

        void write(Histogram h) throws IOException {
            writer.outputIntervalHistogram(h);
            out.flush();
            if (out.checkError()) {
                throw AtomicFiles.failed(target, new IOException("a write failed"));
            }
        }
    }
}
