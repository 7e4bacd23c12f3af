package org.openmark.workload;

import java.util.Arrays;
import java.util.Map;
import org.openmark.api.Status;

/**
 * Field values that are a function of key and field name, for {@code dataintegrity=true}: the
 * text {@code key:field}, then repeatedly {@code ':'} followed by the decimal
 * {@link String#hashCode()} of the text so far, cut to the field length; each character becomes
 * one byte. This is the construction YCSB uses, so records YCSB loaded with data integrity on
 * verify here too (for ASCII names). Immutable and thread-safe.
 */
final class DeterministicValues {
    private final int length;

    DeterministicValues(int length) {
        this.length = length;
    }

    /** The value of {@code field} in record {@code key}. */
    byte[] value(String key, String field) {
        StringBuilder text = new StringBuilder(length + 16);
        text.append(key).append(':').append(field);
        int hash = text.toString().hashCode();
        while (text.length() < length) {
            // String.hashCode is h = 31 h + c over the characters, so it extends as text is appended
            text.append(':');
            hash = 31 * hash + ':';
            int from = text.length();
            text.append(hash);
            for (int i = from; i < text.length(); i++) {
                hash = 31 * hash + text.charAt(i);
            }
        }
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = (byte) text.charAt(i);
        }
        return out;
    }

    /**
     * Checks the fields a read returned: OK when every one matches, UNEXPECTED_STATE on a
     * mismatch, ERROR when the read returned no fields at all (never valid for an existing record).
     */
    Status verify(String key, Map<String, byte[]> cells) {
        if (cells.isEmpty()) {
            return Status.ERROR;
        }
        for (Map.Entry<String, byte[]> e : cells.entrySet()) {
            if (!Arrays.equals(e.getValue(), value(key, e.getKey()))) {
                return Status.UNEXPECTED_STATE;
            }
        }
        return Status.OK;
    }
}
