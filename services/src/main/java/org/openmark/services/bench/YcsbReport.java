package org.openmark.services.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The final block of YCSB's text report, which openmark's run prints too: lines {@code [SECTION], Metric,
 * value}. What the benchmark reads of it: a figure, the highest p99 of some sections, the operations that
 * ended in a status other than the ones allowed.
 */
final class YcsbReport {
    private static final String P99 = "99thPercentileLatency(us)";

    private final List<String[]> rows;

    private YcsbReport(List<String[]> rows) {
        this.rows = rows;
    }

    static YcsbReport parse(String text) {
        List<String[]> rows = new ArrayList<>();
        // openmark's facts in words ("# [RUN], Valid, true") are text lines YCSB's parsers skip; this one reads them
        text.lines().map(l -> l.startsWith("# [") ? l.substring(2) : l).map(l -> l.split(", ", -1))
                .filter(f -> f.length >= 3 && f[0].startsWith("[")).forEach(rows::add);
        return new YcsbReport(rows);
    }

    /** The value of {@code metric} in {@code [section]}. */
    Optional<String> field(String section, String metric) {
        return rows.stream().filter(f -> f[0].equals("[" + section + "]") && f[1].equals(metric)).map(f -> f[2]).findFirst();
    }

    /** The number {@code metric} in {@code [section]}, when there is one. */
    OptionalDouble number(String section, String metric) {
        return field(section, metric).map(v -> {
            try {
                return OptionalDouble.of(Double.parseDouble(v.trim()));
            } catch (NumberFormatException e) {
                return OptionalDouble.empty();
            }
        }).orElse(OptionalDouble.empty());
    }

    /** The highest p99 (microseconds) of the sections that have one. */
    OptionalDouble highestP99(String... sections) {
        OptionalDouble highest = OptionalDouble.empty();
        for (String s : sections) {
            OptionalDouble p = number(s, P99);
            if (p.isPresent() && (highest.isEmpty() || p.getAsDouble() > highest.getAsDouble())) {
                highest = p;
            }
        }
        return highest;
    }

    /**
     * Operations that ended in a status other than {@code allowed} ({@code Return=STATUS} rows), in the
     * sections named, or in every section when none is.
     */
    long failed(Set<String> allowed, String... sections) {
        Set<String> only = Set.of(sections);
        long failed = 0;
        for (String[] f : rows) {
            String section = f[0].substring(1, f[0].length() - 1);
            if (f[1].startsWith("Return=") && !allowed.contains(f[1].substring("Return=".length()))
                    && (only.isEmpty() || only.contains(section))) {
                failed += (long) Double.parseDouble(f[2].trim());
            }
        }
        return failed;
    }
}
