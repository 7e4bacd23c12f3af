package org.openmark.store.memory;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Copies field maps in and out of the store, so no caller can mutate stored data through an
 * array it passed in or got back. A stored map is built once and never mutated afterwards.
 */
final class Fields {

    private Fields() {
    }

    /** A private copy of {@code values}, or {@code null} when a field name or value is null. */
    static Map<String, byte[]> copyIn(Map<String, byte[]> values) {
        Map<String, byte[]> copy = HashMap.newHashMap(values.size());
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return null;
            }
            copy.put(e.getKey(), e.getValue().clone());
        }
        return copy;
    }

    /** A new stored map: {@code stored} with {@code updates} written over it. */
    static Map<String, byte[]> merge(Map<String, byte[]> stored, Map<String, byte[]> updates) {
        Map<String, byte[]> merged = HashMap.newHashMap(stored.size() + updates.size());
        merged.putAll(stored);
        merged.putAll(updates);
        return merged;
    }

    /** Copies the requested fields ({@code null}: all) of a stored map into {@code result}. */
    static void copyOut(Map<String, byte[]> stored, Set<String> fields, Map<String, byte[]> result) {
        if (fields == null) {
            for (Map.Entry<String, byte[]> e : stored.entrySet()) {
                result.put(e.getKey(), e.getValue().clone());
            }
            return;
        }
        for (String field : fields) {
            byte[] value = stored.get(field);
            if (value != null) {
                result.put(field, value.clone());
            }
        }
    }
}
