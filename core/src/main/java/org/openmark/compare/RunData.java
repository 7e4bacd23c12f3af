package org.openmark.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import org.openmark.measure.Measurements;

/**
 * One run as a comparison needs it, read from the directory {@code run --out} wrote: what was
 * run (from {@code result.json}) and, per operation, the OK response and service times of every
 * measured interval (from {@code latency.hlog}; the warm-up's intervals, and a last interval cut
 * short by the run's end, are left out).
 *
 * @param name how the comparison names the run (its directory)
 * @param facts what must match for two runs to be comparable: store, model, workload properties,
 *     rate or threads, duration, openmark version
 * @param valid the run's verdict
 * @param runtimeSeconds the measured span
 * @param response per operation, its OK response times per measured interval (microseconds)
 * @param service per operation, its OK service times per measured interval
 * @param intervalSeconds the length of each measured interval, in order
 */
public record RunData(String name, Map<String, String> facts, boolean valid, double runtimeSeconds,
        Map<String, List<Histogram>> response, Map<String, List<Histogram>> service, List<Double> intervalSeconds) {

    /** The properties that describe the work a run did: a difference makes two runs incomparable. */
    static final List<String> WORK_PROPERTIES = List.of("workload", "recordcount", "readproportion",
            "updateproportion", "insertproportion", "scanproportion", "readmodifywriteproportion", "deleteproportion",
            "requestdistribution", "fieldcount", "fieldlength", "rate", "arrival", "rate.schedule", "threadcount",
            "target", "duration", "operationcount");

    /** Reads DIR/result.json and DIR/latency.hlog; a missing or malformed file is bad input naming it. */
    public static RunData read(Path dir) throws IOException {
        Path resultFile = dir.resolve("result.json");
        Path hlog = dir.resolve("latency.hlog");
        for (Path f : List.of(resultFile, hlog)) {
            if (!Files.isRegularFile(f)) {
                throw new ConfigException(f + ": not found (bin/openmark run --out " + dir + " writes it)");
            }
        }
        JsonNode result;
        try {
            result = new ObjectMapper().readTree(resultFile.toFile());
        } catch (IOException e) {
            throw new ConfigException(resultFile + ": not valid JSON: " + e.getMessage());
        }
        if (!result.path("operations").isObject()) {
            throw new ConfigException(resultFile + ": no operations (is it an openmark result.json?)");
        }
        Map<String, String> facts = new TreeMap<>();
        facts.put("store", result.path("store").asText(""));
        facts.put("model", result.path("model").asText(""));
        facts.put("phase", result.path("phase").asText(""));
        facts.put("openmarkVersion", result.path("openmarkVersion").asText(""));
        JsonNode config = result.path("config");
        for (String p : WORK_PROPERTIES) {
            if (config.has(p)) {
                facts.put(p, config.get(p).asText());
            }
        }
        double warmupSeconds = config.has("warmup")
                ? Durations.parse("warmup", config.get("warmup").asText()).toMillis() / 1000.0 : 0;
        Map<String, List<Histogram>> response = new TreeMap<>();
        Map<String, List<Histogram>> service = new TreeMap<>();
        List<Double> lengths = new ArrayList<>();
        readLog(hlog, warmupSeconds, response, service, lengths);
        return new RunData(dir.getFileName() == null ? dir.toString() : dir.getFileName().toString(), facts,
                result.path("valid").asBoolean(false), result.path("runtimeMs").asDouble(0) / 1000.0, response,
                service, lengths);
    }

    /**
     * The log's intervals after the warm-up, per operation, OK outcomes only (tags {@code OP.OK.response}
     * and {@code OP.OK.service}); every operation gets an entry for every interval (empty when it had none).
     */
    private static void readLog(Path hlog, double warmupSeconds, Map<String, List<Histogram>> response,
            Map<String, List<Histogram>> service, List<Double> lengths) throws IOException {
        TreeMap<Double, Map<String, Histogram>> byStart = new TreeMap<>();
        TreeMap<Double, Double> lengthByStart = new TreeMap<>();
        try (FileInputStream in = new FileInputStream(hlog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram e;
            while ((e = readNext(reader, hlog)) != null) {
                String tag = e.getTag();
                if (tag == null || !(tag.endsWith(".OK.response") || tag.endsWith(".OK.service"))) {
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
                byStart.computeIfAbsent(start, k -> new TreeMap<>()).put(tag, (Histogram) e);
                lengthByStart.put(start, Math.max(1e-3, end - start));
            }
        }
        // The run's last interval is cut short by its end (a fraction of a second, a handful of
        // operations): as a sample of its own it would weigh as much as a whole interval. Intervals
        // shorter than half the usual length are left out of the statistics.
        List<Double> sorted = new ArrayList<>(lengthByStart.values());
        java.util.Collections.sort(sorted);
        double typical = sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        byStart.keySet().removeIf(start -> lengthByStart.get(start) < typical / 2);
        java.util.Set<String> ops = new java.util.TreeSet<>();
        byStart.values().forEach(m -> m.keySet().forEach(t -> ops.add(t.substring(0, t.indexOf(".OK.")))));
        for (String op : ops) {
            response.put(op, new ArrayList<>());
            service.put(op, new ArrayList<>());
        }
        byStart.forEach((start, tags) -> {
            lengths.add(lengthByStart.get(start));
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

    /** All measured intervals of {@code op} added up. */
    Histogram total(Map<String, List<Histogram>> byOp, String op) {
        Histogram t = Measurements.newHistogram();
        for (Histogram h : byOp.getOrDefault(op, List.of())) {
            t.add(h);
        }
        return t;
    }
}
