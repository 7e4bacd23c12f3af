package org.openmark.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/** An in-memory session over a sorted map, logging every call as "OP key", for workload tests. */
final class MapSession implements Session {
    final TreeMap<String, Map<String, byte[]>> tables = new TreeMap<>();
    final List<String> calls = new ArrayList<>();
    /** Statuses to return for the next insert calls, before the map is touched (then OK). */
    final List<Status> insertFailures = new ArrayList<>();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        calls.add("READ " + key);
        Map<String, byte[]> record = tables.get(key);
        if (record == null) {
            return Status.NOT_FOUND;
        }
        record.forEach((f, v) -> {
            if (fields == null || fields.contains(f)) {
                result.put(f, v.clone());
            }
        });
        return Status.OK;
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        calls.add("SCAN " + startKey + " " + recordCount);
        for (var e : tables.tailMap(startKey, true).entrySet()) {
            if (result.size() >= recordCount) {
                break;
            }
            result.add(new Record(e.getKey(), e.getValue()));
        }
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        calls.add("UPDATE " + key);
        tables.computeIfAbsent(key, k -> new HashMap<>()).putAll(values);
        return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        calls.add("INSERT " + key);
        if (!insertFailures.isEmpty()) {
            return insertFailures.remove(0);
        }
        tables.put(key, new HashMap<>(values));
        return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
        calls.add("DELETE " + key);
        return tables.remove(key) == null ? Status.NOT_FOUND : Status.OK;
    }
}
