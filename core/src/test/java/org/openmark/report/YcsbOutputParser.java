package org.openmark.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A parser written to YCSB's output format, as scripts that read YCSB's results are written: a
 * line that begins with {@code [} is {@code [SECTION], Metric, value}, split on {@code ", "} into
 * exactly three fields (and on a bare comma into three, as a CSV reader splits it), the value a
 * number; every other line is skipped. YCSB's own TextMeasurementsExporter writes numbers only
 * ({@code Return=OK} is a metric, its value a count). Stricter than such scripts in one way: a
 * skipped line must be one of openmark's text lines ({@code "# "}), so that nothing else slips in.
 */
public final class YcsbOutputParser {
    private static final Pattern SECTION = Pattern.compile("\\[[^\\[\\],]+\\]");

    private YcsbOutputParser() {
    }

    /** Every measurement, by section and metric; throws at the first line such a parser cannot read. */
    public static Map<String, Map<String, Double>> parse(String output) {
        Map<String, Map<String, Double>> sections = new LinkedHashMap<>();
        int n = 0;
        for (String line : output.lines().toList()) {
            n++;
            if (!line.startsWith("[")) {
                if (!line.startsWith("# ")) {
                    throw new IllegalArgumentException("line " + n + " is neither a measurement nor a text line: "
                            + line);
                }
                continue;
            }
            String[] fields = line.split(", ", -1);
            if (fields.length != 3 || line.split(",", -1).length != 3) {
                throw new IllegalArgumentException("line " + n + " has not three fields: " + line);
            }
            if (!SECTION.matcher(fields[0]).matches() || fields[1].isBlank()) {
                throw new IllegalArgumentException("line " + n + " has no [SECTION] and metric: " + line);
            }
            double value;
            try {
                value = Double.parseDouble(fields[2]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("line " + n + ": the value is not a number: " + line, e);
            }
            String section = fields[0].substring(1, fields[0].length() - 1);
            sections.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(fields[1], value);
        }
        return sections;
    }

    /** The text lines ({@code "# "}) a YCSB parser skips, without their prefix. */
    public static List<String> textLines(String output) {
        return output.lines().filter(l -> l.startsWith("# ")).map(l -> l.substring(2)).toList();
    }
}
