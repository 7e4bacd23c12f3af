package org.openmark.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import org.openmark.measure.Measurements;
import org.openmark.run.Defaults;
import org.openmark.run.RunProperties;
import org.openmark.workload.WorkloadProperties;

/**
 * One run as a comparison needs it, read from the directory {@code run --out} wrote: what was
 * run (from {@code result.json}) and, per operation, the OK response and service times of every
 * measured interval (from {@code latency.hlog}; the warm-up's intervals, and a last interval cut
 * short by the run's end, are left out).
 *
 * @param name how the comparison names the run (its directory, or as much of its path as tells
 *     it apart from the other runs: {@link RunLabels})
 * @param facts what must match for two runs to be comparable ({@link Comparability}): store,
 *     model, workload properties, rate or threads, duration, time, warm-up, granularity, openmark
 *     and store version
 * @param valid the run's verdict
 * @param runtimeSeconds the measured span
 * @param response per operation, its OK response times per measured interval (microseconds)
 * @param service per operation, its OK service times per measured interval
 * @param intervals the measured intervals, in order (one per entry of every list above)
 * @param load the load model's kind and, for the open model, the scheduled and achieved rate
 */
public record RunData(String name, Map<String, String> facts, boolean valid, double runtimeSeconds,
        Map<String, List<Histogram>> response, Map<String, List<Histogram>> service, List<Interval> intervals,
        Load load) {

    /**
     * One measured interval.
     *
     * @param startSeconds its start, seconds since the phase's start
     * @param lengthSeconds its length
     */
    public record Interval(double startSeconds, double lengthSeconds) {
        /** Its end, seconds since the phase's start. */
        public double endSeconds() {
            return startSeconds + lengthSeconds;
        }
    }

    /**
     * How the run was loaded.
     *
     * @param open the open model: the schedule sets the throughput
     * @param scheduledRate open model: operations per second the schedule called for (0 if unknown)
     * @param achievedRate open model: operations per second issued
     */
    public record Load(boolean open, double scheduledRate, double achievedRate) {
        /** Open model: issued less than 99 % of its schedule (the run's own rule for falling behind). */
        public boolean shortOfSchedule() {
            return open && scheduledRate > 0 && achievedRate < 0.99 * scheduledRate;
        }
    }

    /** The properties that describe the work a run did: a difference makes two runs incomparable. */
    static final List<String> WORK_PROPERTIES = List.of(WorkloadProperties.WORKLOAD, WorkloadProperties.RECORD_COUNT,
            WorkloadProperties.READ_PROPORTION, WorkloadProperties.UPDATE_PROPORTION,
            WorkloadProperties.INSERT_PROPORTION, WorkloadProperties.SCAN_PROPORTION,
            WorkloadProperties.READ_MODIFY_WRITE_PROPORTION, WorkloadProperties.DELETE_PROPORTION,
            WorkloadProperties.REQUEST_DISTRIBUTION, WorkloadProperties.FIELD_COUNT, WorkloadProperties.FIELD_LENGTH,
            RunProperties.RATE, RunProperties.ARRIVAL, RunProperties.RATE_SCHEDULE, RunProperties.THREADCOUNT,
            RunProperties.TARGET, RunProperties.DURATION, RunProperties.OPERATION_COUNT);

    /** The same run under another name. */
    public RunData named(String label) {
        return new RunData(label, facts, valid, runtimeSeconds, response, service, intervals, load);
    }

    /** The number of measured intervals. */
    public int intervalCount() {
        return intervals.size();
    }

    /**
     * Reads DIR/result.json and DIR/latency.hlog; a missing or malformed file, or a log without a
     * measured interval, is bad input naming the file.
     */
    public static RunData read(Path dir) throws IOException {
        Path resultFile = dir.resolve("result.json");
        Path hlog = dir.resolve("latency.hlog");
        // result.json first: a directory that holds something else is named for what it holds
        notFound(resultFile, dir);
        JsonNode result;
        try {
            result = new ObjectMapper().readTree(resultFile.toFile());
        } catch (IOException e) {
            // Jackson's message spans lines (the location, a source excerpt): its first line says it.
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("").trim();
            throw new ConfigException(resultFile + ": not valid JSON: " + message);
        }
        if (result == null || !result.path("operations").isObject()) {
            throw new ConfigException(resultFile + ": no operations (is it an openmark result.json?)");
        }
        notFound(hlog, dir);
        JsonNode config = result.path("config");
        double warmupSeconds = config.has(RunProperties.WARMUP) ? Durations.parse(RunProperties.WARMUP,
                config.get(RunProperties.WARMUP).asText()).toMillis() / 1000.0 : 0;
        Map<String, List<Histogram>> response = new TreeMap<>();
        Map<String, List<Histogram>> service = new TreeMap<>();
        List<Interval> intervals = new ArrayList<>();
        readLog(hlog, warmupSeconds, response, service, intervals);
        if (intervals.isEmpty()) {
            throw new ConfigException(hlog + ": no measured interval" + (warmupSeconds > 0 ? " after the warm-up" : "")
                    + " (the log ends before one: was the run cut short, or the file truncated?)");
        }
        return new RunData(dir.getFileName() == null ? dir.toString() : dir.getFileName().toString(),
                facts(result, warmupSeconds), result.path("valid").asBoolean(false),
                result.path("runtimeMs").asDouble(0) / 1000.0, response, service, List.copyOf(intervals),
                load(result));
    }

    private static void notFound(Path f, Path dir) {
        if (!Files.isRegularFile(f)) {
            throw new ConfigException(f + ": not found (bin/openmark run --out " + dir + " writes it)");
        }
    }

    /** What {@link Comparability} compares, by name. */
    private static Map<String, String> facts(JsonNode result, double warmupSeconds) {
        Map<String, String> facts = new TreeMap<>();
        facts.put("store", result.path("store").asText(""));
        facts.put("model", result.path("model").asText(""));
        facts.put("phase", result.path("phase").asText(""));
        facts.put(Comparability.OPENMARK_VERSION, result.path("openmarkVersion").asText(""));
        JsonNode config = result.path("config");
        for (String p : WORK_PROPERTIES) {
            if (config.has(p)) {
                facts.put(p, config.get(p).asText());
            }
        }
        // The open model's arrival process and rate as the run resolved them: a run given
        // --arrival poisson and one left at the default did the same work.
        JsonNode load = result.path("load");
        if ("open".equals(load.path("kind").asText()) && !facts.containsKey(RunProperties.RATE_SCHEDULE)) {
            facts.putIfAbsent(RunProperties.ARRIVAL, load.path("arrival").asText(""));
            if (load.has("ratePerSec")) {
                facts.putIfAbsent(RunProperties.RATE, org.openmark.config.PropertyText.of(
                        load.get("ratePerSec").asDouble()));
            }
        }
        if (config.has(RunProperties.TIME)) {
            facts.put(Comparability.TIME, config.get(RunProperties.TIME).asText());
        }
        facts.put(Comparability.WARMUP, Durations.format(java.time.Duration.ofMillis(Math.round(warmupSeconds
                * 1000))));
        facts.put(Comparability.GRANULARITY, config.path(RunProperties.GRANULARITY)
                .asText(String.valueOf(Defaults.GRANULARITY_MILLIS)) + " ms");
        JsonNode version = result.path("storeFacts").path("version");
        if (!version.isMissingNode() && !version.isNull()) {
            facts.put(Comparability.STORE_VERSION, version.asText());
        }
        return facts;
    }

    private static Load load(JsonNode result) {
        JsonNode load = result.path("load");
        boolean open = load.has("kind") ? "open".equals(load.get("kind").asText())
                : result.path("model").asText("").startsWith("open");
        JsonNode schedule = result.path("schedule");
        return new Load(open, schedule.path("scheduledRate").asDouble(0), schedule.path("achievedRate").asDouble(0));
    }

    /**
     * The log's intervals after the warm-up, per operation, OK outcomes only (tags {@code OP.OK.response}
     * and {@code OP.OK.service}); every operation gets an entry for every interval (empty when it had none).
     */
    private static void readLog(Path hlog, double warmupSeconds, Map<String, List<Histogram>> response,
            Map<String, List<Histogram>> service, List<Interval> intervals) throws IOException {
        TreeMap<Double, Map<String, Histogram>> byStart = new TreeMap<>();
        TreeMap<Double, Double> lengthByStart = new TreeMap<>();
        try (FileInputStream in = new FileInputStream(hlog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram e;
            while ((e = readNext(reader, hlog)) != null) {
                String tag = e.getTag();
                if (tag == null) {
                    continue;
                }
                // The reader reports absolute times when the log has a start time; the log's start time
                // is the phase's start.
                double base = e.getStartTimeStamp() / 1000.0 > 1e8 ? reader.getStartTimeSec() : 0;
                double start = e.getStartTimeStamp() / 1000.0 - base;
                double end = e.getEndTimeStamp() / 1000.0 - base;
                if (start + 1e-3 < warmupSeconds) {
                    continue;
                }
                // An interval in which nothing ended OK (an outage) is still an interval: zero throughput.
                Map<String, Histogram> tags = byStart.computeIfAbsent(start, k -> new TreeMap<>());
                lengthByStart.put(start, Math.max(1e-3, end - start));
                if (tag.endsWith(".OK.response") || tag.endsWith(".OK.service")) {
                    tags.put(tag, (Histogram) e);
                }
            }
        }
        // The run's last interval is cut short by its end (a fraction of a second, a handful of
        // operations): as a sample of its own it would weigh as much as a whole interval. Intervals
        // shorter than half the usual length are left out of the statistics.
        List<Double> sorted = new ArrayList<>(lengthByStart.values());
        Collections.sort(sorted);
        double typical = sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        byStart.keySet().removeIf(start -> lengthByStart.get(start) < typical / 2);
        Set<String> ops = new TreeSet<>();
        byStart.values().forEach(m -> m.keySet().forEach(t -> ops.add(t.substring(0, t.indexOf(".OK.")))));
        for (String op : ops) {
            response.put(op, new ArrayList<>());
            service.put(op, new ArrayList<>());
        }
        byStart.forEach((start, tags) -> {
            intervals.add(new Interval(start, lengthByStart.get(start)));
            for (String op : ops) {
                response.get(op).add(tags.getOrDefault(op + ".OK.response", Measurements.newHistogram()));
                service.get(op).add(tags.getOrDefault(op + ".OK.service", Measurements.newHistogram()));
            }
        });
    }

    private static EncodableHistogram readNext(HistogramLogReader reader, Path hlog) {
        try {
            return reader.nextIntervalHistogram();
        } catch (RuntimeException e) {
            throw new ConfigException(hlog + ": a histogram does not decode (" + e.getMessage() + ")");
        }
    }

    /** Operations of {@code op} that ended OK in the measured intervals. */
    public long okCount(String op) {
        long n = 0;
        for (Histogram h : response.getOrDefault(op, List.of())) {
            n += h.getTotalCount();
        }
        return n;
    }
}
