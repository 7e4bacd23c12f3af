package org.openmark.services.cassandra;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a node's system.log says about streaming and when: pure functions of its lines. */
public final class ServerLog {
    private static final Pattern STAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}");
    private static final DateTimeFormatter STAMP_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    private static final Pattern PREPARED = Pattern.compile("Stream #[^]]*\\] Prepare completed\\. "
            + "Receiving (\\d+) files\\(([^)]*)\\), sending (\\d+) files\\(([^)]*)\\)");
    private static final Pattern SIZE = Pattern.compile("\\s*([0-9.]+)\\s*([KMG]iB|B)?\\s*");
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB"};

    /** Which side of the streaming sessions to count. */
    public enum Direction { RECEIVING, SENDING }

    /** Files and bytes moved by streaming sessions. */
    public record Streamed(long files, long bytes) {
        /** "3 files" (what the messages put before "received" or after "streamed"). */
        public String filesText() {
            return files + " files";
        }
    }

    private ServerLog() {
    }

    /** The time of a log line's timestamp (ISO8601 as logback writes it) in {@code zone}, if it has one. */
    public static Optional<java.time.Instant> time(String line, ZoneId zone) {
        Matcher m = STAMP.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(LocalDateTime.parse(m.group(), STAMP_FORMAT).atZone(zone).toInstant());
    }

    /** The first line containing {@code text}. */
    public static Optional<String> firstLineWith(List<String> lines, String text) {
        return lines.stream().filter(l -> l.contains(text)).findFirst();
    }

    /**
     * What streaming sessions moved, summed over their "Prepare completed. Receiving F files(SIZE), sending
     * F files(SIZE)" lines; identical lines (a session logs its summary once per thread) count once.
     */
    public static Streamed streamed(List<String> lines, Direction direction) {
        Set<String> sessions = new LinkedHashSet<>();
        for (String l : lines) {
            Matcher m = PREPARED.matcher(l);
            while (m.find()) {
                sessions.add(m.group());
            }
        }
        long files = 0;
        double bytes = 0;
        for (String s : sessions) {
            Matcher m = PREPARED.matcher(s);
            m.matches();
            int group = direction == Direction.RECEIVING ? 1 : 3;
            files += Long.parseLong(m.group(group));
            bytes += bytes(m.group(group + 1));
        }
        return new Streamed(files, (long) bytes);
    }

    /**
     * The hint files replayed in whole to the node at {@code ip}: lines {@code Finished hinted handoff of
     * file F to endpoint /IP:PORT: HOST} (Cassandra 4 and 5; without the port before 4), not those that
     * end {@code , partially} (the file is offered again and counted when it is finished).
     */
    public static long hintFilesReplayedTo(List<String> lines, String ip) {
        Pattern replayed = Pattern.compile("Finished hinted handoff of file \\S+ to endpoint /" + Pattern.quote(ip) + "[:\\s]");
        return lines.stream().filter(l -> replayed.matcher(l).find() && !l.stripTrailing().endsWith(", partially")).count();
    }

    /** Bytes of a size as Cassandra prints it: "1.234MiB", "0.000KiB", "512B". */
    static double bytes(String size) {
        Matcher m = SIZE.matcher(size);
        if (!m.matches()) {
            return 0;
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2);
        for (int i = 0; i < UNITS.length; i++) {
            if (UNITS[i].equals(unit)) {
                return n * Math.pow(1024, i);
            }
        }
        return n;
    }

    /** "1.5 MiB" for a byte count; whole bytes below 1 KiB ("512 B"). */
    public static String humanBytes(long bytes) {
        double b = bytes;
        int unit = 0;
        while (b >= 1024 && unit < UNITS.length - 1) {
            b /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", b, UNITS[unit]);
    }

    /** "1.2" seconds between two log times, or "?" when one is missing. */
    public static String secondsBetween(Optional<java.time.Instant> from, Optional<java.time.Instant> to) {
        if (from.isEmpty() || to.isEmpty()) {
            return "?";
        }
        double seconds = java.time.Duration.between(from.get(), to.get()).toMillis() / 1000.0;
        return String.format(Locale.ROOT, "%.1f", seconds);
    }
}
