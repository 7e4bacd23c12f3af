package org.example.binding;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/** A binding for a store kept in this process's memory: tables of sorted records, each a map of fields. */
public final class ExampleStore implements Store {
    private final Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> tables = new ConcurrentHashMap<>();

    @Override
    public Session newSession() {
        return new ExampleSession();
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return !tables.containsKey(table) || tables.get(table).isEmpty();
    }

    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public void close() {
        tables.clear();
    }

    /** The fields asked for (all when {@code fields} is null), copied: a caller never holds the store's arrays. */
    private static Map<String, byte[]> copy(Map<String, byte[]> record, Set<String> fields) {
        Map<String, byte[]> out = new HashMap<>();
        record.forEach((name, value) -> {
            if (fields == null || fields.contains(name)) {
                out.put(name, value.clone());
            }
        });
        return out;
    }

    /** Whether a field has no value (Map.of's containsValue(null) would throw instead). */
    private static boolean hasNull(Map<String, byte[]> values) {
        return values.values().stream().anyMatch(java.util.Objects::isNull);
    }

    private final class ExampleSession implements Session {
        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            if (table == null || key == null) {
                return Status.BAD_REQUEST;
            }
            var rows = tables.get(table);
            Map<String, byte[]> record = rows == null ? null : rows.get(key);
            if (record == null) {
                return Status.NOT_FOUND;
            }
            result.putAll(copy(record, fields));
            return Status.OK;
        }

        @Override
        public Status scan(String table, String startKey, int count, Set<String> fields, List<Record> result) {
            if (table == null || startKey == null || count < 0) {
                return Status.BAD_REQUEST;
            }
            var rows = tables.getOrDefault(table, new ConcurrentSkipListMap<>());
            rows.tailMap(startKey, true).entrySet().stream().limit(count)
                    .forEach(e -> result.add(new Record(e.getKey(), copy(e.getValue(), fields))));
            return Status.OK;
        }

        @Override
        public Status update(String table, String key, Map<String, byte[]> values) {
            if (table == null || key == null || values == null || hasNull(values)) {
                return Status.BAD_REQUEST;
            }
            var rows = tables.get(table);
            // computeIfPresent is atomic per key: concurrent updates keep each other's fields
            Map<String, byte[]> updated = rows == null ? null : rows.computeIfPresent(key, (k, old) -> {
                Map<String, byte[]> merged = new HashMap<>(old);
                merged.putAll(copy(values, null));
                return merged;
            });
            return updated == null ? Status.NOT_FOUND : Status.OK;
        }

        @Override
        public Status insert(String table, String key, Map<String, byte[]> values) {
            if (table == null || key == null || values == null || hasNull(values)) {
                return Status.BAD_REQUEST;
            }
            tables.computeIfAbsent(table, t -> new ConcurrentSkipListMap<>()).put(key, copy(values, null));
            return Status.OK;
        }

        @Override
        public Status delete(String table, String key) {
            if (table == null || key == null) {
                return Status.BAD_REQUEST;
            }
            var rows = tables.get(table);
            return rows != null && rows.remove(key) != null ? Status.OK : Status.NOT_FOUND;
        }
    }
}
