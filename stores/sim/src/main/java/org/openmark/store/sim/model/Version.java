package org.openmark.store.sim.model;

import java.util.Map;

/**
 * One write of one key: its per-key sequence number, when the primary applied it, when each
 * node sees it, and the record it produced ({@code null} for a delete, a tombstone).
 */
public final class Version {
    private final long seq;
    private final long writeNanos;
    private final long[] visibleAtNanos;
    private final long visibleEverywhereNanos;
    private final Map<String, byte[]> fields;

    /**
     * @param visibleAtNanos per node, the time the write becomes visible there (index 0, the
     *     primary, equals {@code writeNanos}); owned by this version from now on
     * @param fields the full record after the write, or {@code null} for a tombstone; owned
     */
    public Version(long seq, long writeNanos, long[] visibleAtNanos, Map<String, byte[]> fields) {
        this.seq = seq;
        this.writeNanos = writeNanos;
        this.visibleAtNanos = visibleAtNanos;
        long max = writeNanos;
        for (long v : visibleAtNanos) {
            max = Math.max(max, v);
        }
        this.visibleEverywhereNanos = max;
        this.fields = fields;
    }

    /** The per-key sequence number (1 for the first write of a key). */
    public long seq() {
        return seq;
    }

    /** When the primary applied the write. */
    public long writeNanos() {
        return writeNanos;
    }

    /** When the write becomes visible at {@code node}. */
    public long visibleAtNanos(int node) {
        return visibleAtNanos[node];
    }

    /** When every node sees the write. */
    public long visibleEverywhereNanos() {
        return visibleEverywhereNanos;
    }

    /** True for a delete. */
    public boolean isTombstone() {
        return fields == null;
    }

    /** The record (do not modify), or {@code null} for a tombstone. */
    public Map<String, byte[]> fields() {
        return fields;
    }
}
