package org.openmark.measure;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.openmark.api.Status;

/**
 * A writer's histograms by channel: a row of them by status for each operation name, outer and
 * inner calls apart. A workload's names are a handful of constants, so the first few are kept in
 * a short array searched by identity, which costs less than hashing; any other name goes through
 * a map (an equal name that is another string finds the same row). Looked up and added to by the
 * writer only (one thread, or the holder of a shared stripe); the collector reads {@link #all}.
 */
final class ChannelTable {
    private final Rows outer = new Rows();
    private final Rows inner = new Rows();
    /** Every channel's histograms, for the collector; appended rarely. */
    private final List<ChannelHistograms> all = new CopyOnWriteArrayList<>();

    /** The histograms of {@code op} ended with {@code status}, made on first use. */
    ChannelHistograms of(String op, Status status, boolean innerCall) {
        ChannelHistograms[] row = (innerCall ? inner : outer).of(op);
        ChannelHistograms h = row[status.ordinal()];
        if (h == null) {
            h = new ChannelHistograms(new Channel(op, status, innerCall));
            row[status.ordinal()] = h;
            all.add(h);
        }
        return h;
    }

    /** The channels' histograms made so far; safe to read while the writer adds. */
    List<ChannelHistograms> all() {
        return all;
    }

    private static final class Rows {
        private static final int FAST = 8;
        private final String[] names = new String[FAST];
        private final ChannelHistograms[][] rows = new ChannelHistograms[FAST][];
        private int size;
        private final Map<String, ChannelHistograms[]> byName = new HashMap<>();

        ChannelHistograms[] of(String op) {
            for (int i = 0; i < size; i++) {
                if (names[i] == op) {
                    return rows[i];
                }
            }
            ChannelHistograms[] row = byName.computeIfAbsent(op, k -> new ChannelHistograms[Status.values().length]);
            if (size < FAST) {
                names[size] = op;
                rows[size++] = row;
            }
            return row;
        }
    }
}
