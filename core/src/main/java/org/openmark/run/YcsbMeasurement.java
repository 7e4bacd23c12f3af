package org.openmark.run;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/**
 * YCSB's measurement output properties, resolved once: {@code measurementtype} (its {@code timeseries}
 * adds YCSB's per-interval averages to the text report) and {@code hdrhistogram.fileoutput} with
 * {@code hdrhistogram.output.path} (one HdrHistogram log per operation, named as YCSB names it).
 *
 * @param type YCSB's measurement type, as given (one of {@link #TYPES})
 * @param hdrFilePrefix what each {@code .hdr} file's name is appended to ({@code hdrhistogram.output.path},
 *     as YCSB joins them: {@code D/} gives {@code D/READ.hdr}, {@code D} gives {@code DREAD.hdr}), or null
 *     when no file is written
 */
public record YcsbMeasurement(String type, String hdrFilePrefix) {
    /** YCSB's measurement type. */
    public static final String TYPE = "measurementtype";
    /** YCSB's switch for the per-operation HdrHistogram logs. */
    public static final String HDR_FILE_OUTPUT = "hdrhistogram.fileoutput";
    /** What YCSB prefixes each log's name with. */
    public static final String HDR_OUTPUT_PATH = "hdrhistogram.output.path";
    /** The measurement types YCSB 0.17 accepts. */
    public static final List<String> TYPES = List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
            "hdrhistogram+raw", "timeseries", "raw");
    /** YCSB's default. */
    public static final YcsbMeasurement DEFAULT = new YcsbMeasurement("hdrhistogram", null);

    /** True when the text report adds YCSB's time series ({@code measurementtype=timeseries}). */
    public boolean timeSeries() {
        return type.equals("timeseries");
    }

    /** True when the type asks for figures openmark does not print (YCSB's histogram buckets, raw values). */
    public boolean unusedType() {
        return !type.equals("hdrhistogram") && !timeSeries();
    }

    /** The file of one operation's log: the prefix and {@code NAME.hdr} joined as YCSB joins them. */
    public Path hdrFile(String operation) {
        return Path.of(hdrFilePrefix + operation + ".hdr");
    }

    /**
     * Reads and checks the properties; the files' directory must exist (YCSB fails when it cannot open
     * a file; openmark says so before anything runs). As in YCSB, the files are written only for a type
     * that measures with HdrHistogram ({@code hdrhistogram}, {@code hdrhistogram+histogram}, {@code hdrhistogram+raw}).
     *
     * @throws ConfigException naming the property, the value and what is allowed
     */
    public static YcsbMeasurement from(Settings s) {
        String type = s.getString(TYPE, DEFAULT.type());
        if (!TYPES.contains(type)) {
            throw ConfigException.of(TYPE, type, "YCSB's measurement types are " + String.join(", ", TYPES)
                    + " (openmark prints hdrhistogram's figures for each, and timeseries' averages too)");
        }
        boolean files = s.getBoolean(HDR_FILE_OUTPUT, false);
        String prefix = s.getString(HDR_OUTPUT_PATH, "");
        if (!files || !type.startsWith("hdrhistogram")) {
            return new YcsbMeasurement(type, null);
        }
        Path dir;
        try {
            Path probe = Path.of(prefix + "READ.hdr").toAbsolutePath();
            dir = probe.getParent();
        } catch (InvalidPathException e) {
            throw ConfigException.of(HDR_OUTPUT_PATH, prefix, "is not a path (" + e.getMessage() + ")");
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw ConfigException.of(HDR_OUTPUT_PATH, prefix, "the files go to " + dir + ", which is not a writable"
                    + " directory; the value is prefixed to each name as YCSB does (D/ writes D/READ.hdr)");
        }
        return new YcsbMeasurement(type, prefix);
    }
}
