package org.openmark.services.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;

/**
 * pgbench's per-transaction log (-l, of one transaction in ten with --sampling-rate=0.1): lines {@code client
 * transaction latency_us script epoch_s epoch_us lag_us}. The response time from the intended start is the
 * latency plus the schedule lag.
 */
final class PgbenchLog {
    private PgbenchLog() {
    }

    /** The logged transactions that ended within a window, and the p99 of their response times. */
    record Sample(long transactions, OptionalDouble p99Micros) {
    }

    /** The transactions of {@code lines} that ended from {@code fromMillis} to {@code toMillis} (epoch). */
    static Sample window(List<String> lines, long fromMillis, long toMillis) {
        List<Long> responseMicros = new ArrayList<>();
        for (String l : lines) {
            String[] f = l.trim().split("\\s+");
            if (f.length < 7 || !f[4].matches("\\d+") || !f[5].matches("\\d+")) {
                continue;
            }
            double endMillis = Long.parseLong(f[4]) * 1000.0 + Long.parseLong(f[5]) / 1000.0;
            if (endMillis >= fromMillis && endMillis <= toMillis) {
                responseMicros.add(Long.parseLong(f[2]) + Long.parseLong(f[6]));
            }
        }
        if (responseMicros.isEmpty()) {
            return new Sample(0, OptionalDouble.empty());
        }
        Collections.sort(responseMicros);
        // the value at rank floor(0.99 n), counting from 1 (the first when n < 100)
        int rank = Math.max(1, (int) (0.99 * responseMicros.size()));
        return new Sample(responseMicros.size(), OptionalDouble.of(responseMicros.get(rank - 1)));
    }
}
