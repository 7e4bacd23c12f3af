package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.report.YcsbTextReport;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;

/**
 * YCSB's measurement outputs over whole runs in virtual time: the {@code .hdr} file of every block of
 * the text report (read back with HdrHistogram's own reader, its counts the block's), and
 * {@code measurementtype=timeseries}'s lines in YCSB's form.
 */
class YcsbOutputsTest {
    private static final long MS = 1_000_000L;
    /** YCSB's line of one interval of a time series: {@code [READ], 2000, 812.5}. */
    private static final Pattern SERIES_LINE = Pattern.compile("^\\[([A-Z-]+)\\], (\\d+), (\\d+\\.\\d+(?:E\\d+)?)$",
            Pattern.MULTILINE);

    @TempDir
    Path dir;

    private static RunResult run(String model, String... more) throws Exception {
        Timing timing = Timing.virtual();
        StoreFactory factory = new StoreFactory() {
            @Override
            public String name() {
                return "latency";
            }

            @Override
            public String description() {
                return "answers 1 to 4 ms after the start";
            }

            @Override
            public Set<String> propertyNames() {
                return Set.of();
            }

            @Override
            public Store open(StoreProperties properties) {
                return new LatencyStore(timing.clock(), start -> start + MS + (start / 7) % (3 * MS));
            }
        };
        Map<String, String> p = new HashMap<>(Map.of("store", "latency", "seed", "3", "time", "virtual",
                "operationcount", "3000", "autoload", "false", "status.interval", "1"));
        p.putAll(model.equals("open") ? Map.of("model", "open", "rate", "500")
                : Map.of("model", "closed", "threadcount", "2"));
        for (int i = 0; i < more.length; i += 2) {
            p.put(more[i], more[i + 1]);
        }
        Runner runner = new Runner(StoreRegistry.of(factory), (settings, clock, count) -> new SimpleWorkload(1000, 0.3),
                timing.clock(), timing.tasks(), new StopSignal(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return runner.execute(RunConfigParser.parse(Phase.RUN, Settings.of(p), null, false));
    }

    /** Each interval histogram of a log, read by HdrHistogram's reader. */
    private static List<Histogram> read(Path file) throws Exception {
        List<Histogram> out = new java.util.ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            out.add((Histogram) h);
        }
        reader.close();
        return out;
    }

    /** The text report's latency blocks and their Operations. */
    private static Map<String, Long> blocks(RunResult r) {
        Map<String, Long> blocks = new TreeMap<>();
        Matcher m = Pattern.compile("^\\[([A-Za-z-]+)\\], Operations, (\\d+)$", Pattern.MULTILINE)
                .matcher(YcsbTextReport.render(r));
        while (m.find()) {
            blocks.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return blocks;
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed", "closed-paced-both", "closed-intended"})
    void run_hdrFileOutput_oneLogPerBlockWithTheBlocksCounts(String form) throws Exception {
        String[] model = switch (form) {
            case "closed-paced-both" -> new String[] {"target", "400", "measurement.interval", "both"};
            case "closed-intended" -> new String[] {"target", "400", "measurement.interval", "intended"};
            default -> new String[0];
        };
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(model), java.util.stream.Stream.of(
                "hdrhistogram.fileoutput", "true", "hdrhistogram.output.path", dir + "/")).toArray(String[]::new);
        RunResult r = run(form.startsWith("closed") ? "closed" : "open", all);
        Map<String, Long> blocks = blocks(r);
        Set<String> expected = switch (form) {
            case "open" -> Set.of("READ", "UPDATE", "SERVICE-READ", "SERVICE-UPDATE");
            case "closed" -> Set.of("READ", "UPDATE");
            case "closed-paced-both" -> Set.of("READ", "UPDATE", "Intended-READ", "Intended-UPDATE");
            default -> Set.of("Intended-READ", "Intended-UPDATE");
        };
        assertEquals(expected, blocks.keySet(), "the report's blocks in this form: " + YcsbTextReport.render(r));
        try (var files = Files.list(dir)) {
            assertEquals(blocks.keySet().stream().map(b -> b + ".hdr").collect(java.util.stream.Collectors.toSet()),
                    files.map(f -> f.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
        for (Map.Entry<String, Long> block : blocks.entrySet()) {
            Path file = dir.resolve(block.getKey() + ".hdr");
            List<Histogram> intervals = read(file);
            assertTrue(intervals.size() >= 2, file + ": one histogram per interval of the run");
            Histogram all2 = new Histogram(3);
            intervals.forEach(all2::add);
            assertEquals(block.getValue(), all2.getTotalCount(), file + " against the report's [" + block.getKey() + "]");
            assertTrue(Files.readString(file).startsWith("#[Logging for: " + block.getKey() + "]\n"), file.toString());
        }
        // the same latencies as the block: its maximum (the report's line, the log's histograms)
        Matcher max = Pattern.compile("^\\[" + (form.equals("closed-intended") ? "Intended-UPDATE" : "UPDATE")
                + "\\], MaxLatency\\(us\\), (\\d+)$", Pattern.MULTILINE).matcher(YcsbTextReport.render(r));
        assertTrue(max.find());
        Histogram logged = new Histogram(3);
        read(dir.resolve((form.equals("closed-intended") ? "Intended-UPDATE" : "UPDATE") + ".hdr")).forEach(logged::add);
        assertEquals(Long.parseLong(max.group(1)), logged.getMaxValue());
    }

    @Test
    void run_hdrOutputPathWithoutSeparator_prefixesTheNamesAsYcsb() throws Exception {
        run("closed", "hdrhistogram.fileoutput", "true", "hdrhistogram.output.path", dir + "/run1-");
        assertTrue(Files.isRegularFile(dir.resolve("run1-READ.hdr")));
        assertTrue(Files.isRegularFile(dir.resolve("run1-UPDATE.hdr")));
    }

    @Test
    void run_hdrOutputPathInAMissingDirectory_refusedNamingTheProperty() {
        ConfigException e = assertThrows(ConfigException.class, () -> run("closed", "hdrhistogram.fileoutput", "true",
                "hdrhistogram.output.path", dir + "/missing/"));
        assertTrue(e.getMessage().contains("hdrhistogram.output.path") && e.getMessage().contains(dir + "/missing/"),
                e.getMessage());
    }

    @Test
    void run_fileOutputOff_noFile() throws Exception {
        run("closed", "hdrhistogram.output.path", dir + "/");
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void run_unknownMeasurementType_refusedWithYcsbsTypes() {
        ConfigException e = assertThrows(ConfigException.class, () -> run("closed", "measurementtype", "timeserie"));
        assertTrue(e.getMessage().contains("measurementtype") && e.getMessage().contains("timeseries"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_timeSeries_linesInYcsbsFormWithinEachBlocksRange(String model) throws Exception {
        RunResult r = run(model, "measurementtype", "timeseries", "timeseries.granularity", "500");
        String text = YcsbTextReport.render(r);
        Map<String, List<long[]>> byName = new TreeMap<>();
        Matcher m = SERIES_LINE.matcher(text);
        while (m.find()) {
            byName.computeIfAbsent(m.group(1), k -> new java.util.ArrayList<>())
                    .add(new long[] {Long.parseLong(m.group(2)), Math.round(Double.parseDouble(m.group(3)))});
        }
        assertEquals(model.equals("open") ? Set.of("READ", "UPDATE", "SERVICE-READ", "SERVICE-UPDATE")
                : Set.of("READ", "UPDATE"), byName.keySet(), text);
        for (OpResult op : r.operations()) {
            Histogram h = r.openModel() ? op.okResponse() : op.okService();
            List<long[]> series = byName.get(op.name());
            long runMs = r.runtimeMs();
            assertTrue(series.size() >= runMs / 500 - 1, series.size() + " intervals of 500 ms in " + runMs + " ms");
            long last = -1;
            for (long[] point : series) {
                assertEquals(0, point[0] % 500, "at a multiple of the granularity: " + point[0]);
                assertTrue(point[0] > last, "in time order");
                last = point[0];
                assertTrue(point[1] >= h.getMinValue() - 1 && point[1] <= h.getMaxValue() + 1,
                        point[1] + " within [" + h.getMinValue() + ", " + h.getMaxValue() + "]");
            }
        }
        assertFalse(r.notes().stream().anyMatch(n -> n.contains("measurementtype")), r.notes().toString());
    }
}
