package org.openmark.consistency;

import java.nio.charset.StandardCharsets;

/**
 * The value a staleness writer stores: {@code version:writeStartNanos}, so a reader can tell
 * which write it sees without a second lookup.
 */
record VersionedValue(long version, long writeStartNanos) {
    /** The field the value is stored in. */
    static final String FIELD = "field0";

    byte[] encode() {
        return (version + ":" + writeStartNanos).getBytes(StandardCharsets.US_ASCII);
    }

    /** The version in a stored value, 0 when absent or unreadable. */
    static long versionOf(byte[] stored) {
        if (stored == null) {
            return 0;
        }
        String s = new String(stored, StandardCharsets.US_ASCII);
        int colon = s.indexOf(':');
        try {
            return Long.parseLong(colon < 0 ? s : s.substring(0, colon));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
