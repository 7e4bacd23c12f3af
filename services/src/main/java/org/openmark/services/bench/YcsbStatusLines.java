package org.openmark.services.bench;

import java.util.OptionalLong;

/**
 * YCSB's client's status lines on stderr, one a second: {@code DATE TIME S sec: N operations; ...}, N counted
 * since the start, S seconds after it. Its overall throughput counts its start-up too; the window's operations
 * are the difference of two status lines.
 */
final class YcsbStatusLines {
    private YcsbStatusLines() {
    }

    /** The operations done between the status lines of second {@code from} and of second {@code to}; 0 when one is missing. */
    static long operationsBetween(String statusLines, long from, long to) {
        OptionalLong a = operationsAt(statusLines, from);
        OptionalLong b = operationsAt(statusLines, to);
        return a.isPresent() && b.isPresent() ? b.getAsLong() - a.getAsLong() : 0;
    }

    private static OptionalLong operationsAt(String statusLines, long second) {
        return statusLines.lines().map(l -> l.trim().split("\\s+"))
                .filter(f -> f.length > 4 && f[3].equals("sec:") && f[2].equals(Long.toString(second)) && f[4].matches("\\d+"))
                .mapToLong(f -> Long.parseLong(f[4])).findFirst();
    }
}
