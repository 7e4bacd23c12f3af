package org.openmark.pbs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.config.ConfigException;

/**
 * Reads measured latencies: a plain sample file (one number of milliseconds per line, for
 * {@code file(path)}) and the {@code kind,ms} CSV of {@code --samples}. Blank lines and
 * {@code #} comments are ignored; every error names the flag, the file, the line and the rule.
 */
public final class SampleFiles {
    private SampleFiles() {
    }

    /** The numbers in a one-sample-per-line file; {@code flag} and {@code text} name it in errors. */
    public static double[] readSamples(String flag, String text, Path file) {
        List<String> lines = readLines(flag, text, file);
        DoubleList samples = new DoubleList();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i));
            if (!line.isEmpty()) {
                samples.add(parseMs(flag, text, file, i + 1, line));
            }
        }
        if (samples.size() == 0) {
            throw ConfigException.of(flag, text, "file " + file + " holds no samples (one number of ms per line)");
        }
        return samples.toArray();
    }

    /**
     * The samples of a {@code kind,ms} CSV, per kind. An optional header line {@code kind,ms}
     * is skipped; kinds are W, A, R, S (any case). Kinds without rows are absent from the map.
     * {@code flag=text} names the file in errors as the user gave it.
     */
    public static Map<WarsKind, double[]> readWarsCsv(String flag, String text, Path file) {
        List<String> lines = readLines(flag, text, file);
        Map<WarsKind, DoubleList> byKind = new EnumMap<>(WarsKind.class);
        boolean first = true;
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            boolean header = first && line.replace(" ", "").equalsIgnoreCase("kind,ms");
            first = false;
            if (header) {
                continue;
            }
            int comma = line.indexOf(',');
            if (comma < 0 || line.indexOf(',', comma + 1) >= 0) {
                throw ConfigException.of(flag, text, "line " + (i + 1) + " '" + line
                        + "' must have two columns kind,ms (e.g. W,0.42)");
            }
            String kindText = line.substring(0, comma).trim().toUpperCase(Locale.ROOT);
            WarsKind kind;
            try {
                kind = WarsKind.valueOf(kindText);
            } catch (IllegalArgumentException e) {
                throw ConfigException.of(flag, text, "line " + (i + 1) + ": kind '" + line.substring(0, comma).trim()
                        + "' is not one of W, A, R, S");
            }
            double ms = parseMs(flag, text, file, i + 1, line.substring(comma + 1).trim());
            byKind.computeIfAbsent(kind, k -> new DoubleList()).add(ms);
        }
        Map<WarsKind, double[]> result = new EnumMap<>(WarsKind.class);
        byKind.forEach((kind, list) -> result.put(kind, list.toArray()));
        if (result.isEmpty()) {
            throw ConfigException.of(flag, text, "no samples (expected rows kind,ms such as W,0.42)");
        }
        return result;
    }

    private static List<String> readLines(String flag, String text, Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw ConfigException.of(flag, text, "cannot read " + file + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).trim();
    }

    private static double parseMs(String flag, String text, Path file, int lineNo, String number) {
        double ms;
        try {
            ms = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            ms = Double.NaN;
        }
        if (!(ms >= 0) || Double.isInfinite(ms) || !DistributionParser.looksLikeNumber(number)) {
            throw ConfigException.of(flag, text, file + " line " + lineNo + ": '" + number
                    + "' is not a latency (a finite number of ms >= 0)");
        }
        return ms;
    }

    /** A growable primitive list, so large sample files are not boxed. */
    private static final class DoubleList {
        private double[] values = new double[64];
        private int size;

        void add(double v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int size() {
            return size;
        }

        double[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
