package org.openmark.store.memory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * A session on a {@link MemoryStore}. Semantics (shared with the rocksdb store): reading,
 * updating or deleting a missing key returns {@link Status#NOT_FOUND} (an update never
 * creates a record, although YCSB bindings differ here); inserting an existing key replaces
 * the whole record and returns OK; an update writes its fields over the stored ones and keeps
 * the others. A null table, key, field name or value returns {@link Status#BAD_REQUEST}, as
 * does a negative scan count.
 */
final class MemorySession implements Session {
    private final MemoryStore store;

    MemorySession(MemoryStore store) {
        this.store = store;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = store.existingTable(table);
        Map<String, byte[]> stored = rows == null ? null : rows.get(key);
        if (stored == null) {
            return Status.NOT_FOUND;
        }
        Fields.copyOut(stored, fields, result);
        return Status.OK;
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (table == null || startKey == null || recordCount < 0) {
            return Status.BAD_REQUEST;
        }
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = store.existingTable(table);
        if (rows == null || recordCount == 0) {
            return Status.OK;
        }
        int remaining = recordCount;
        for (Map.Entry<String, Map<String, byte[]>> e : rows.tailMap(startKey, true).entrySet()) {
            Map<String, byte[]> copy = new HashMap<>();
            Fields.copyOut(e.getValue(), fields, copy);
            result.add(new Record(e.getKey(), copy));
            if (--remaining == 0) {
                break;
            }
        }
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        if (table == null || key == null || values == null) {
            return Status.BAD_REQUEST;
        }
        Map<String, byte[]> updates = Fields.copyIn(values);
        if (updates == null) {
            return Status.BAD_REQUEST;
        }
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = store.existingTable(table);
        if (rows == null) {
            return Status.NOT_FOUND;
        }
        // computeIfPresent is atomic per key: concurrent updates never lose each other's fields.
        Map<String, byte[]> merged = rows.computeIfPresent(key, (k, stored) -> Fields.merge(stored, updates));
        return merged == null ? Status.NOT_FOUND : Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        if (table == null || key == null || values == null) {
            return Status.BAD_REQUEST;
        }
        Map<String, byte[]> record = Fields.copyIn(values);
        if (record == null) {
            return Status.BAD_REQUEST;
        }
        store.table(table).put(key, record);
        return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = store.existingTable(table);
        if (rows == null || rows.remove(key) == null) {
            return Status.NOT_FOUND;
        }
        return Status.OK;
    }
}
