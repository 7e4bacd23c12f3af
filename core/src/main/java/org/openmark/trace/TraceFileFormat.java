package org.openmark.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.openmark.config.ConfigException;

/** How a trace file is read ({@value #PROPERTY}, {@code replay --format}). */
public enum TraceFileFormat {
    /** openmark's own file when it begins with its magic, a plain CSV otherwise. */
    AUTO,
    /** Written by {@code --record-ops}. */
    OPENMARK,
    /** A plain CSV with a header row ({@link CsvTraceReader}). */
    CSV;

    /** The property naming it. */
    public static final String PROPERTY = "trace.format";

    /** The format named {@code text} (any case); {@code name} is the flag or property it came from. */
    public static TraceFileFormat parse(String name, String text) {
        for (TraceFileFormat f : values()) {
            if (f.name().equalsIgnoreCase(text.strip())) {
                return f;
            }
        }
        throw ConfigException.of(name, text, "must be one of auto, openmark, csv");
    }

    /** Opens {@code file} in this format; a missing file is refused naming it. */
    public TraceSource open(Path file) throws IOException {
        TraceFileFormat begins = AUTO.resolve(file);
        if (this == CSV && begins == OPENMARK) {
            throw new TraceFileException(file.toString(), "is an openmark trace (written by --record-ops), not a CSV:"
                    + " read it as openmark (--format openmark or auto), or print it as CSV with trace show");
        }
        return switch (this == AUTO ? begins : this) {
            case CSV -> CsvTraceReader.open(file);
            default -> TraceReader.open(file);
        };
    }

    /** This format, or for {@link #AUTO} the one {@code file}'s first bytes say. */
    TraceFileFormat resolve(Path file) throws IOException {
        if (this != AUTO) {
            return this;
        }
        byte[] first;
        try (InputStream in = Files.newInputStream(file)) {
            first = in.readNBytes(TraceFormat.MAGIC.length);
        } catch (NoSuchFileException e) {
            throw new TraceFileException(file.toString(), "no such file");
        }
        return Arrays.equals(first, TraceFormat.MAGIC) ? OPENMARK : CSV;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
