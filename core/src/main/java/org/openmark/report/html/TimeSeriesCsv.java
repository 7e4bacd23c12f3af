package org.openmark.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.config.ConfigException;

/** Reads {@code timeseries.csv} (columns found by their header names, so added columns do no harm). */
public final class TimeSeriesCsv {
    private static final List<String> REQUIRED = List.of("elapsed_s", "operation", "warmup", "ops_per_s", "p50_us",
            "p90_us", "p99_us", "p999_us", "max_us", "in_flight", "send_lag_p99_us");

    private TimeSeriesCsv() {
    }

    /** The rows of {@code file}; a malformed file is bad input naming the file and line. */
    public static List<TimeSeriesRow> read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    /** The rows of the CSV text, given as lines; {@code source} names it in errors. */
    static List<TimeSeriesRow> parse(List<String> lines, String source) {
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new ConfigException(source + ": empty, expected the header " + String.join(",", REQUIRED));
        }
        Map<String, Integer> column = new HashMap<>();
        String[] header = lines.get(0).strip().split(",", -1);
        for (int i = 0; i < header.length; i++) {
            column.put(header[i].strip(), i);
        }
        for (String name : REQUIRED) {
            if (!column.containsKey(name)) {
                throw new ConfigException(source + ": line 1: no column " + name + " (expected "
                        + String.join(",", REQUIRED) + ")");
            }
        }
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            if (!lines.get(n).isBlank()) {
                rows.add(row(lines.get(n).strip().split(",", -1), column, header.length, source + ": line " + (n + 1)));
            }
        }
        return rows;
    }

    private static TimeSeriesRow row(String[] cells, Map<String, Integer> column, int width, String where) {
        if (cells.length != width) {
            throw new ConfigException(where + ": " + cells.length + " fields, the header has " + width);
        }
        Cells c = new Cells(cells, column, where);
        double opsPerSecond = c.number("ops_per_s");
        // The status columns (absent in older files): the share of failed completions, as a rate.
        long all = 0;
        long failed = 0;
        for (org.openmark.api.Status st : org.openmark.api.Status.values()) {
            String name = st.name().toLowerCase(java.util.Locale.ROOT);
            if (column.containsKey(name)) {
                long n = c.whole(name);
                all += n;
                if (st != org.openmark.api.Status.OK && st != org.openmark.api.Status.NOT_FOUND) {
                    failed += n;
                }
            }
        }
        double failedPerSecond = all == 0 ? 0 : opsPerSecond * failed / all;
        return new TimeSeriesRow(c.number("elapsed_s"), c.text("operation"), c.bool("warmup"), opsPerSecond,
                c.whole("p50_us"), c.whole("p90_us"), c.whole("p99_us"), c.whole("p999_us"), c.whole("max_us"),
                c.whole("in_flight"), c.whole("send_lag_p99_us"), failedPerSecond);
    }

    private record Cells(String[] cells, Map<String, Integer> column, String where) {
        String text(String name) {
            String v = cells[column.get(name)].strip();
            if (v.isEmpty()) {
                throw new ConfigException(where + ": " + name + " is empty");
            }
            return v;
        }

        double number(String name) {
            String v = text(name);
            try {
                double d = Double.parseDouble(v);
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new ConfigException(where + ": " + name + "=" + v + ": must be a finite number");
        }

        long whole(String name) {
            String v = text(name);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new ConfigException(where + ": " + name + "=" + v + ": must be a whole number");
            }
        }

        boolean bool(String name) {
            String v = text(name);
            return switch (v) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new ConfigException(where + ": " + name + "=" + v + ": must be true or false");
            };
        }
    }
}
