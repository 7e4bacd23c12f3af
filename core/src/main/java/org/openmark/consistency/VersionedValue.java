package org.openmark.consistency;

import java.nio.charset.StandardCharsets;

/**
 * The value a staleness writer stores: {@code version:writeStartNanos:runStartNanos}, so a reader
 * can tell which write it sees without a second lookup, and whether that write is this run's. A
 * store kept between runs (a Redis pair, a {@code simstore} server, a {@code rocksdb.dir}) still
 * holds the previous run's values on the same keys, often with higher versions than this run's
 * first writes: taken for this run's, a read of one would count as consistent before the write it
 * probes was visible at all.
 *
 * @param runStartNanos when the writer started, on its clock: the mark of one run's values
 */
record VersionedValue(long version, long writeStartNanos, long runStartNanos) {
    /** The field the value is stored in. */
    static final String FIELD = "field0";

    byte[] encode() {
        return (version + ":" + writeStartNanos + ":" + runStartNanos).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The version in a value the run that started at {@code runStartNanos} stored; 0 (none of its
     * writes) when absent, unreadable or another run's.
     */
    static long versionOf(byte[] stored, long runStartNanos) {
        if (stored == null) {
            return 0;
        }
        String[] parts = new String(stored, StandardCharsets.US_ASCII).split(":", -1);
        if (parts.length != 3) {
            return 0;
        }
        try {
            return Long.parseLong(parts[2]) == runStartNanos ? Long.parseLong(parts[0]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
