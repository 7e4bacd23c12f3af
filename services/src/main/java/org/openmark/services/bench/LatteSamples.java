package org.openmark.services.bench;

import java.util.OptionalDouble;

/**
 * latte's progress rows, one a second: {@code END_S CYCLES ERRORS THRPT MIN P25 P50 P75 P90 P99 P999 MAX}
 * (latencies in milliseconds). Its p99 over a window is the highest one-second p99 in it.
 */
final class LatteSamples {
    private LatteSamples() {
    }

    /** The rows that end after {@code fromSecond} and by {@code toSecond}: cycles, errors, the highest p99. */
    record Sample(long cycles, long errors, OptionalDouble p99Micros) {
    }

    static Sample window(String output, double fromSecond, double toSecond) {
        long cycles = 0;
        long errors = 0;
        double highest = -1;
        for (String l : output.lines().toList()) {
            String[] f = l.trim().split("\\s+");
            if (f.length != 12 || !f[0].matches("[0-9]+\\.[0-9]+")) {
                continue;
            }
            double end = Double.parseDouble(f[0]);
            if (end > fromSecond && end <= toSecond) {
                cycles += Long.parseLong(f[1]);
                errors += Long.parseLong(f[2]);
                highest = Math.max(highest, Double.parseDouble(f[9]));
            }
        }
        return new Sample(cycles, errors, highest < 0 ? OptionalDouble.empty() : OptionalDouble.of(Math.round(highest * 1000)));
    }
}
