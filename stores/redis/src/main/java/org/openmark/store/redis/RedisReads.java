package org.openmark.store.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.api.Status;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * Reads and scans on one connection, in the store's layout. With {@code watch} set, every key
 * read is WATCHed first (and, for a scan, the index too, so a key inserted into the scanned
 * range also aborts the unit of work).
 */
final class RedisReads {

    private RedisReads() {
    }

    /** HGETALL (all fields) or HMGET (a subset); NOT_FOUND when none of the fields exist. */
    static Status read(Jedis connection, RedisLayout layout, String table, String key, Set<String> fields,
            boolean watch, Map<String, byte[]> result) {
        byte[] record = layout.record(table, key);
        if (watch) {
            connection.watch(record);
        }
        if (fields == null) {
            return putAll(layout, connection.hgetAll(record), result) ? Status.OK : Status.NOT_FOUND;
        }
        if (fields.isEmpty()) {
            return connection.exists(record) ? Status.OK : Status.NOT_FOUND;
        }
        List<String> names = new ArrayList<>(fields);
        return putSome(layout, names, connection.hmget(record, RedisLayout.fields(names)), result)
                ? Status.OK : Status.NOT_FOUND;
    }

    /**
     * The layout's range query on the index, then the records' fields in one pipelined round trip
     * (YCSB's binding reads them one round trip each; the records are the same).
     */
    static Status scan(Jedis connection, RedisLayout layout, String table, String startKey, int recordCount,
            Set<String> fields, boolean watch, List<Record> result) {
        if (watch) {
            connection.watch(layout.index(table));
        }
        List<byte[]> members = layout.scanMembers(connection, table, startKey, recordCount);
        if (members.isEmpty()) {
            return Status.OK;
        }
        List<String> keys = new ArrayList<>(members.size());
        byte[][] records = new byte[members.size()][];
        for (int i = 0; i < members.size(); i++) {
            String key = RedisLayout.text(members.get(i));
            keys.add(key);
            records[i] = layout.record(table, key);
        }
        if (watch) {
            connection.watch(records);
        }
        List<String> names = fields == null ? null : new ArrayList<>(fields);
        byte[][] fieldBytes = names == null ? null : RedisLayout.fields(names);
        List<Response<Map<byte[], byte[]>>> whole = new ArrayList<>();
        List<Response<List<byte[]>>> partial = new ArrayList<>();
        try (Pipeline pipeline = connection.pipelined()) {
            for (byte[] record : records) {
                if (names == null) {
                    whole.add(pipeline.hgetAll(record));
                } else if (!names.isEmpty()) {
                    partial.add(pipeline.hmget(record, fieldBytes));
                } else {
                    partial.add(null);
                }
            }
            pipeline.sync();
        }
        for (int i = 0; i < keys.size(); i++) {
            Map<String, byte[]> recordFields = new HashMap<>();
            // a key whose hash is gone was deleted (since the index read, or by YCSB's binding, whose
            // delete leaves the key in _indices): skip it
            boolean present = names == null
                    ? putAll(layout, whole.get(i).get(), recordFields)
                    : names.isEmpty() || putSome(layout, names, partial.get(i).get(), recordFields);
            if (present) {
                result.add(new Record(keys.get(i), recordFields));
            }
        }
        return Status.OK;
    }

    private static boolean putAll(RedisLayout layout, Map<byte[], byte[]> hash, Map<String, byte[]> result) {
        hash.forEach((field, value) -> result.put(RedisLayout.text(field), layout.decode(value)));
        return !hash.isEmpty();
    }

    private static boolean putSome(RedisLayout layout, List<String> names, List<byte[]> values,
            Map<String, byte[]> result) {
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            byte[] value = values.get(i);
            if (value != null) {
                result.put(names.get(i), layout.decode(value));
                any = true;
            }
        }
        return any;
    }
}
