package org.openmark.workload;

import java.util.Map;

/**
 * What a trace keeps of an operation beside its name and times ({@code --record-ops}): the record it
 * touched, how many fields it asked for or wrote and their bytes, and a scan's length. Enough to
 * issue the same store call again (a replay), with values of the same sizes.
 *
 * @param table the table
 * @param key the record's key (a scan's first key)
 * @param fieldCount the fields read or written, or {@link #ALL_FIELDS} for a read of every field
 * @param bytes the bytes of the values written, or read (what the store returned); 0 when none
 * @param scanLength the records a scan asked for; 0 for any other operation
 */
public record OperationTarget(String table, String key, int fieldCount, long bytes, int scanLength) {
    /** The field count of a read or scan of all fields. */
    public static final int ALL_FIELDS = -1;

    /** The total length of {@code values}' arrays (null values count 0). */
    public static long bytesOf(Map<String, byte[]> values) {
        if (values == null) {
            return 0;
        }
        long total = 0;
        for (byte[] v : values.values()) {
            total += v == null ? 0 : v.length;
        }
        return total;
    }

    /** The field count of a read of {@code fields} (null: all). */
    public static int fieldCountOf(java.util.Set<String> fields) {
        return fields == null ? ALL_FIELDS : fields.size();
    }
}
