package org.openmark.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.workload.OperationTarget;

/**
 * A plain CSV trace a user made from their own logs (docs/traces.md, "A CSV of your own"), read one row at
 * a time: nothing but the current row is held. The first row names the columns (any order, any case):
 * <ul>
 * <li>one time column: {@code time} or {@code time_s} (seconds from the start, decimals allowed; or ISO-8601
 * timestamps, each taken from the first row's), {@code time_ms}, {@code time_us}, {@code time_ns} or
 * {@code intended_ns} (what {@code trace show} prints);
 * <li>{@code op} (or {@code operation}): read, update, insert, scan, delete, rmw (or read-modify-write);
 * <li>{@code key};
 * <li>optional: {@code table} (default usertable), {@code fields} (a number or all), {@code bytes},
 * {@code scan_length} (a scan's records; needed by scans), {@code status}, {@code client}; any other column
 * ({@code start_ns}, {@code end_ns}, a column of the user's own) is read past.
 * </ul>
 * A bad row is refused naming the file, its line and its column, and what the column allows.
 */
final class CsvTraceReader implements TraceSource {
    /** The table of a row that names none. */
    static final String DEFAULT_TABLE = "usertable";
    /** The bytes a write without a bytes column writes per field (YCSB's fieldlength). */
    static final long DEFAULT_BYTES_PER_FIELD = 100;
    private static final String OPS = "read, update, insert, scan, delete, rmw (any case)";
    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final TraceHeader HEADER = new TraceHeader(0, "", "csv", "", 0, "real", Map.of());

    /** A time column: its name, its place, its unit (10^exponent ns) and whether ISO-8601 timestamps may stand in it. */
    private record TimeColumn(String name, int index, int nanosPerUnitExponent, boolean isoAllowed) {
    }

    private final String file;
    private final BufferedReader in;
    private final TimeColumn time;
    private final int op;
    private final int key;
    private final int table;
    private final int fields;
    private final int bytes;
    private final int scanLength;
    private final int status;
    private final int client;
    private final List<String> names;
    private long line; // the lines begun so far
    private long rowLine; // the line the current row starts on
    private long operations;
    private Instant firstInstant; // the first row's, when the times are ISO timestamps
    private Boolean iso; // whether the times are ISO timestamps, once the first row said
    private TraceEnd end;

    private CsvTraceReader(String file, BufferedReader in) throws IOException {
        this.file = file;
        this.in = in;
        List<String> header = row();
        if (header == null) {
            throw error("the file is empty: a CSV trace begins with a header row naming its columns (time, op, key, …)");
        }
        names = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).strip().toLowerCase(Locale.ROOT);
            if (i == 0 && name.startsWith("\uFEFF")) {
                name = name.substring(1).strip();
            }
            names.add(name);
            if (!name.isEmpty() && index.putIfAbsent(name, i) != null) {
                throw error("line 1: column " + name + " is named twice");
            }
        }
        TimeColumn found = null;
        for (TimeColumn candidate : List.of(new TimeColumn("time", -1, 9, true), new TimeColumn("time_s", -1, 9, true),
                new TimeColumn("time_ms", -1, 6, false), new TimeColumn("time_us", -1, 3, false),
                new TimeColumn("time_ns", -1, 0, false), new TimeColumn("intended_ns", -1, 0, false))) {
            Integer i = index.get(candidate.name());
            if (i != null) {
                if (found != null) {
                    throw error("line 1: two time columns, " + found.name() + " and " + candidate.name()
                            + ": name one (time or time_s in seconds or ISO-8601, time_ms, time_us, time_ns, intended_ns)");
                }
                found = new TimeColumn(candidate.name(), i, candidate.nanosPerUnitExponent(), candidate.isoAllowed());
            }
        }
        if (found == null) {
            throw error("line 1: no time column: name one of time or time_s (seconds from the start, or ISO-8601"
                    + " timestamps), time_ms, time_us, time_ns, intended_ns (the header row was " + names + ")");
        }
        time = found;
        op = required(index, "op", "operation");
        key = required(index, "key", null);
        table = index.getOrDefault("table", -1);
        fields = index.getOrDefault("fields", -1);
        bytes = index.getOrDefault("bytes", -1);
        scanLength = index.getOrDefault("scan_length", -1);
        status = index.getOrDefault("status", -1);
        client = index.getOrDefault("client", -1);
    }

    /** Opens {@code path} and reads its header row; a missing file or a header without the needed columns is refused. */
    static CsvTraceReader open(Path path) throws IOException {
        BufferedReader in;
        try {
            in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new TraceFileException(path.toString(), "no such file");
        } catch (IOException e) {
            throw new TraceFileException(path.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        try {
            return new CsvTraceReader(path.toString(), in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private int required(Map<String, Integer> index, String name, String alias) {
        Integer i = index.get(name);
        if (i == null && alias != null) {
            i = index.get(alias);
        }
        if (i == null) {
            throw error("line 1: no " + name + " column" + (alias == null ? "" : " (or " + alias + ")")
                    + ": a CSV trace's header row names time, op and key, and optionally table, fields, bytes,"
                    + " scan_length (the header row was " + names + ")");
        }
        return i;
    }

    @Override
    public TraceHeader header() {
        return HEADER;
    }

    @Override
    public TraceRecord next() throws IOException {
        if (end != null) {
            return null;
        }
        List<String> row = row();
        while (row != null && row.size() == 1 && row.get(0).isBlank()) {
            row = row(); // a blank line
        }
        if (row == null) {
            end = new TraceEnd(operations, 0, false);
            return null;
        }
        if (row.size() != names.size()) {
            throw error("line " + rowLine + ": " + row.size() + " columns, but the header row names " + names.size()
                    + " " + names);
        }
        ReplayedCall call = call(row.get(op).strip());
        String k = row.get(key);
        if (k.isEmpty()) {
            throw error(at(key) + "is empty: every row names its record's key");
        }
        String t = table < 0 ? "" : row.get(table).strip();
        boolean writes = call == ReplayedCall.UPDATE || call == ReplayedCall.INSERT
                || call == ReplayedCall.READ_MODIFY_WRITE;
        int fieldCount = fields < 0 || row.get(fields).isBlank() ? (writes ? 1 : OperationTarget.ALL_FIELDS)
                : fieldCount(row.get(fields).strip());
        if (writes && fieldCount == OperationTarget.ALL_FIELDS) {
            throw error(at(fields) + "'all' is for reads: a write names how many fields it writes (a number ≥ 1)");
        }
        long b = bytes < 0 || row.get(bytes).isBlank() ? (writes ? DEFAULT_BYTES_PER_FIELD * fieldCount : 0)
                : count(bytes, row.get(bytes).strip(), Long.MAX_VALUE);
        int scan = 0;
        if (call == ReplayedCall.SCAN) {
            if (scanLength < 0 || row.get(scanLength).isBlank()) {
                throw error("line " + rowLine + ", column scan_length: a scan needs the number of records it asks for"
                        + " (a number ≥ 1)");
            }
            scan = (int) count(scanLength, row.get(scanLength).strip(), Integer.MAX_VALUE);
            if (scan < 1) {
                throw error(at(scanLength) + "'" + row.get(scanLength) + "' is not allowed: a number ≥ 1");
            }
        }
        String s = status < 0 || row.get(status).isBlank() ? "OK" : row.get(status).strip();
        int c = client < 0 || row.get(client).isBlank() ? 0 : (int) count(client, row.get(client).strip(),
                Integer.MAX_VALUE);
        long intended = intendedNanos(row.get(time.index()).strip());
        operations++;
        return new TraceRecord(intended, intended, intended, call.recordedName(), t.isEmpty() ? DEFAULT_TABLE : t, k,
                fieldCount, b, scan, s, c);
    }

    private ReplayedCall call(String text) {
        String u = text.toUpperCase(Locale.ROOT).replace('_', '-');
        if (u.equals("RMW")) {
            return ReplayedCall.READ_MODIFY_WRITE;
        }
        ReplayedCall call = ReplayedCall.of(u);
        if (call == null) {
            throw error(at(op) + "'" + text + "' is not an operation: " + OPS);
        }
        return call;
    }

    private int fieldCount(String text) {
        if (text.equalsIgnoreCase("all")) {
            return OperationTarget.ALL_FIELDS;
        }
        return (int) count(fields, text, Integer.MAX_VALUE);
    }

    /** A whole number from 0 to {@code max} in column {@code column}. */
    private long count(int column, String text, long max) {
        try {
            long v = Long.parseLong(text);
            if (v >= 0 && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw error(at(column) + "'" + text + "' is not allowed: a whole number from 0 to " + max
                + (column == fields ? ", or all" : ""));
    }

    /** The row's time as nanoseconds from the start (ISO timestamps: from the first row's). */
    private long intendedNanos(String text) {
        boolean numeric = NUMBER.matcher(text).matches();
        if (iso == null) {
            iso = !numeric && time.isoAllowed();
        }
        if (iso) {
            if (numeric) {
                throw error(at(time.index()) + "'" + text + "' is a number, but the first row's time is an ISO-8601"
                        + " timestamp: one or the other in a file");
            }
            Instant at = instant(text);
            if (firstInstant == null) {
                firstInstant = at;
            }
            long nanos = java.time.Duration.between(firstInstant, at).toNanos();
            if (nanos < 0) {
                throw error(at(time.index()) + "'" + text + "' is before the first row's " + firstInstant
                        + ": the first row's timestamp is the replay's start");
            }
            return nanos;
        }
        try {
            BigDecimal v = new BigDecimal(text);
            if (v.signum() >= 0) {
                // nanoseconds are whole; a finer fraction of a coarser unit rounds to the nearest nanosecond
                return v.movePointRight(time.nanosPerUnitExponent()).setScale(0, time.nanosPerUnitExponent() == 0
                        ? java.math.RoundingMode.UNNECESSARY : java.math.RoundingMode.HALF_EVEN).longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // said below
        }
        throw error(at(time.index()) + "'" + text + "' is not allowed: " + allowedTimes());
    }

    private String allowedTimes() {
        return switch (time.name()) {
            case "time", "time_s" -> "seconds from the start (a number ≥ 0, decimals allowed), or an ISO-8601"
                    + " timestamp in every row (2026-11-29T10:15:30.250Z, or without a zone)";
            case "time_ms" -> "milliseconds from the start (a number ≥ 0, decimals allowed)";
            case "time_us" -> "microseconds from the start (a number ≥ 0, decimals allowed)";
            default -> "nanoseconds from the start (a whole number ≥ 0)";
        };
    }

    private Instant instant(String text) {
        try {
            return java.time.OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC); // no zone: only the differences count
            } catch (DateTimeParseException e2) {
                throw error(at(time.index()) + "'" + text + "' is not allowed: " + allowedTimes());
            }
        }
    }

    private String at(int column) {
        return "line " + rowLine + ", column " + names.get(column) + ": ";
    }

    private TraceFileException error(String what) {
        return new TraceFileException(file, what);
    }

    /**
     * The next row's fields, or null at the end. A row ends at a line break (LF, CRLF or CR) outside quotes; a
     * quoted field keeps what it holds as written (commas, doubled quotes, line breaks of any kind).
     */
    private List<String> row() throws IOException {
        int ch = in.read();
        if (ch < 0) {
            return null;
        }
        line++;
        rowLine = line;
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        while (true) {
            if (ch < 0) {
                if (quoted) {
                    throw error("line " + rowLine + ": a quoted field is not closed before the file's end");
                }
                row.add(field.toString());
                return row;
            }
            if (quoted) {
                if (ch == '"') {
                    in.mark(1);
                    int after = in.read();
                    if (after == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        in.reset();
                    }
                } else {
                    countLine(ch);
                    field.append((char) ch);
                }
            } else if (ch == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (ch == '\n' || ch == '\r') {
                if (ch == '\r') {
                    in.mark(1);
                    if (in.read() != '\n') {
                        in.reset();
                    }
                }
                row.add(field.toString());
                return row;
            } else if (ch == '"' && field.isEmpty()) {
                quoted = true;
            } else {
                field.append((char) ch);
            }
            ch = in.read();
        }
    }

    /** Counts a line break inside a quoted field (CRLF once), so errors name the lines an editor shows. */
    private void countLine(int ch) throws IOException {
        if (ch == '\n') {
            line++;
        } else if (ch == '\r') {
            in.mark(1);
            int after = in.read();
            in.reset();
            if (after != '\n') {
                line++;
            }
        }
    }

    @Override
    public TraceEnd end() {
        return end;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
