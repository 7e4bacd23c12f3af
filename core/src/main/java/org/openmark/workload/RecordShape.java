package org.openmark.workload;

/**
 * What one record of a workload is made of: what a run's heap budget counts for it, and what
 * the budget's message says about it.
 *
 * @param fields the fields a record has
 * @param longestFieldBytes the longest value a field may hold
 * @param description the shape as the user configured it, for messages ({@code fieldcount 10 × fieldlength 100})
 */
public record RecordShape(int fields, long longestFieldBytes, String description) {
    /** Heap a store that keeps records in memory spends on a field beyond its value (a map entry, an array header). */
    public static final long FIELD_OVERHEAD_BYTES = 64;
    /** Copies of a record an operation in flight may hold at once: as made, as the store's client copies it, as read back. */
    public static final int COPIES_IN_FLIGHT = 3;

    /** About how many bytes of heap one record takes in a store that keeps it in memory. */
    public long recordBytes() {
        return fields * (longestFieldBytes + FIELD_OVERHEAD_BYTES);
    }

    /**
     * About how many bytes an operation in flight holds: {@code records} records in their copies, or,
     * when the mix scans, a scan's longest result and the store's copy of it.
     *
     * @param maxScanLength the longest scan, or 0 when the mix does not scan
     */
    public long operationBytes(int records, int maxScanLength) {
        long one = records * recordBytes() * COPIES_IN_FLIGHT;
        return maxScanLength > 0 ? Math.max(one, recordBytes() * 2 * maxScanLength) : one;
    }
}
