package org.openmark.store.sim.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.api.StoreConfigException;

/** Parses distribution specifications such as {@code const(1ms)} or {@code normal(5ms, 1ms)}. */
public final class Distributions {
    /** The forms accepted, for error messages. */
    public static final String ALLOWED = "a duration (constant) or one of const(D), uniform(MIN,MAX), exp(MEAN), "
            + "normal(MEAN,STDDEV) (truncated at 0, MEAN >= 0), empirical(FILE) (one millisecond value per line)";

    private static final Pattern CALL = Pattern.compile("([a-zA-Z]+)\\s*\\((.*)\\)");

    private Distributions() {
    }

    /**
     * Parses a specification.
     *
     * @param where the property or config path named in error messages
     * @param baseDir the directory relative empirical file names are resolved against
     */
    public static Distribution parse(String where, String spec, Path baseDir) {
        if (spec == null || spec.isBlank()) {
            throw new StoreConfigException(where, String.valueOf(spec), "must be " + ALLOWED);
        }
        String text = spec.trim();
        Matcher m = CALL.matcher(text);
        if (!m.matches()) {
            if (Character.isDigit(text.charAt(0)) || text.charAt(0) == '.') {
                return new Distribution.Constant(Durations.parseNanos(where, text));
            }
            throw new StoreConfigException(where, spec, "must be " + ALLOWED);
        }
        String kind = m.group(1).toLowerCase(Locale.ROOT);
        String args = m.group(2).trim();
        return switch (kind) {
            case "const", "constant" -> new Distribution.Constant(Durations.parseNanos(where, single(where, spec, args)));
            case "uniform" -> uniform(where, spec, args);
            case "exp", "exponential" -> new Distribution.Exponential(Durations.parseNanos(where, single(where, spec, args)));
            case "normal" -> normal(where, spec, args);
            case "empirical" -> empirical(where, spec, args, baseDir);
            default -> throw new StoreConfigException(where, spec, "unknown distribution '" + kind + "'; must be " + ALLOWED);
        };
    }

    private static String single(String where, String spec, String args) {
        if (args.isEmpty() || args.contains(",")) {
            throw new StoreConfigException(where, spec, "takes exactly one duration argument");
        }
        return args;
    }

    private static String[] pair(String where, String spec, String args) {
        String[] parts = args.split(",");
        if (parts.length != 2) {
            throw new StoreConfigException(where, spec, "takes exactly two duration arguments");
        }
        return parts;
    }

    private static Distribution uniform(String where, String spec, String args) {
        String[] parts = pair(where, spec, args);
        long low = Durations.parseNanos(where, parts[0]);
        long high = Durations.parseNanos(where, parts[1]);
        if (low > high) {
            throw new StoreConfigException(where, spec, "uniform(MIN,MAX) needs MIN <= MAX");
        }
        return new Distribution.Uniform(low, high);
    }

    private static Distribution normal(String where, String spec, String args) {
        String[] parts = pair(where, spec, args);
        // Durations are non-negative, so MEAN >= 0 holds by construction (half the draws at least are accepted).
        return new Distribution.TruncatedNormal(Durations.parseNanos(where, parts[0]), Durations.parseNanos(where, parts[1]));
    }

    private static Distribution empirical(String where, String spec, String args, Path baseDir) {
        if (args.isEmpty()) {
            throw new StoreConfigException(where, spec, "empirical(FILE) needs a file name");
        }
        Path file = baseDir == null ? Path.of(args) : baseDir.resolve(args);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreConfigException(where, spec, "cannot read " + file + ": " + e.getMessage());
        }
        long[] values = new long[lines.size()];
        int n = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            values[n++] = Durations.parseSampleNanos(where + " (" + file + " line " + (i + 1) + ")", line);
        }
        if (n == 0) {
            throw new StoreConfigException(where, spec, file + " holds no values (one millisecond value per line)");
        }
        return new Distribution.Empirical(args, java.util.Arrays.copyOf(values, n));
    }
}
