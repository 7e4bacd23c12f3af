package org.openmark.report;

import java.util.regex.Pattern;

/**
 * One line of the final report. Two kinds, so that a parser written for YCSB's output reads every
 * line of it:
 *
 * <ul>
 * <li>a <b>measurement</b>, {@code [SECTION], Metric, value}, exactly as YCSB's
 * TextMeasurementsExporter writes one: three fields, no comma inside any of them, the value a
 * number ({@code [READ], 99thPercentileLatency(us), 1180}, {@code [READ], Return=OK, 4990});</li>
 * <li>a <b>text line</b>, anything else openmark says (a word or a sentence as the value, a metric
 * with a comma in it, a note): printed behind {@code "# "}, {@code # [RUN], Valid, true}, which
 * YCSB's parsers skip as they skip every line that does not begin with {@code [}.</li>
 * </ul>
 *
 * The kind follows from the fields ({@link #measurement()}): a part that adds a line gives its
 * section, metric and value, and a value that is not a number makes it a text line. Two forms are
 * kept as YCSB+T prints them: a line of two fields with a number ({@code [TOTAL CASH], 1000}) and
 * a plain line without a section ({@code Database validation succeeded}).
 *
 * @param section the name in brackets, or empty for a plain line
 * @param metric the second field (a plain line's whole text)
 * @param value the third field, or empty
 */
public record ReportLine(String section, String metric, String value) {
    /** A number as YCSB's exporters write one: a whole number or a decimal, in Java's notation. */
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    /** What begins a text line. */
    public static final String TEXT_PREFIX = "# ";

    /** A line of text only, without a section (the report's header: what the figures mean). */
    public static ReportLine comment(String text) {
        return new ReportLine("", TEXT_PREFIX + text, "");
    }

    /** True for a line in YCSB's measurement form: three comma-free fields and a number. */
    public boolean measurement() {
        return !section.isEmpty() && !value.isEmpty() && NUMBER.matcher(value).matches()
                && section.indexOf(',') < 0 && metric.indexOf(',') < 0;
    }

    /** True when the value is a number (the line of two fields YCSB+T prints has it in the metric). */
    boolean numeric() {
        return NUMBER.matcher(value.isEmpty() ? metric : value).matches();
    }

    /** The line as the text report prints it. */
    public String text() {
        if (section.isEmpty()) {
            return metric;
        }
        String fields = "[" + section + "], " + metric + (value.isEmpty() ? "" : ", " + value);
        boolean ycsbTwoFields = value.isEmpty() && numeric() && section.indexOf(',') < 0;
        return measurement() || ycsbTwoFields ? fields : TEXT_PREFIX + fields;
    }

    /**
     * A line written out as text by another part ({@code [TXN], Units, 12}): the section in the
     * brackets, the metric up to the next {@code ", "}, the rest the value; any other line is a
     * plain one. Its {@link #text()} is {@code line} again, behind {@code "# "} when it is not a
     * measurement.
     */
    static ReportLine parse(String line) {
        int close = line.indexOf("], ");
        if (!line.startsWith("[") || close < 0) {
            return new ReportLine("", line, "");
        }
        String rest = line.substring(close + 3);
        int comma = rest.indexOf(", ");
        return comma < 0 ? new ReportLine(line.substring(1, close), rest, "")
                : new ReportLine(line.substring(1, close), rest.substring(0, comma), rest.substring(comma + 2));
    }
}
