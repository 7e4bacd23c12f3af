package org.openmark.store.ycsb.bridge;

import java.util.HashMap;
import java.util.Map;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Field values between openmark's {@code byte[]} and YCSB's {@link ByteIterator}. Writes wrap the
 * caller's arrays without copying (a binding reads each iterator once, as YCSB's own callers
 * expect); reads take each iterator's bytes once ({@link ByteIterator#toArray()}).
 */
final class Values {
    private Values() {
    }

    /**
     * The values as YCSB passes them to {@code insert} and {@code update}: a {@link HashMap} of
     * iterators over the given arrays; null when a field name or value is null.
     */
    static HashMap<String, ByteIterator> iterators(Map<String, byte[]> values) {
        HashMap<String, ByteIterator> out = HashMap.newHashMap(values.size());
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return null;
            }
            out.put(e.getKey(), new ByteArrayByteIterator(e.getValue()));
        }
        return out;
    }

    /**
     * Puts the bytes of each field into {@code to}. A field whose value is null (some bindings say so
     * for a column that holds no value) is left out: openmark's records have no null values.
     */
    static void copy(Map<String, ByteIterator> from, Map<String, byte[]> to) {
        for (Map.Entry<String, ByteIterator> e : from.entrySet()) {
            ByteIterator value = e.getValue();
            if (value != null) {
                to.put(e.getKey(), value.toArray());
            }
        }
    }
}
