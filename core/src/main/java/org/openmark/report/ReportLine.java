package org.openmark.report;

/**
 * One line of the final report in YCSB's format, {@code [SECTION], metric, value}. A line of two
 * fields ({@code [NOTE], text}, {@code [TOTAL CASH], 1000}) has an empty value; a plain line
 * (the closed economy's {@code Database validation succeeded}, as YCSB+T prints it) has no
 * section either, only its text as the metric.
 *
 * @param section the name in brackets, or empty for a plain line
 * @param metric the second field
 * @param value the third field, or empty
 */
public record ReportLine(String section, String metric, String value) {

    /** The line as the text report prints it. */
    public String text() {
        if (section.isEmpty()) {
            return metric;
        }
        return "[" + section + "], " + metric + (value.isEmpty() ? "" : ", " + value);
    }

    /**
     * A line written out as text by another part ({@code [TXN], Units, 12}): the section in the
     * brackets, the metric up to the next {@code ", "}, the rest the value; any other line is a
     * plain one. Its {@link #text()} is {@code line} again.
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
