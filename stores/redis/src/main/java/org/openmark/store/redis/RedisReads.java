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
 * Reads and scans on one connection. With {@code watch} set, every key read is WATCHed
 * first (and, for a scan, the table's index too, so a key inserted into the scanned range
 * also aborts the unit of work).
 */
final class RedisReads {

    private RedisReads() {
    }

    /** HGETALL (all fields) or HMGET (a subset); NOT_FOUND when none of the fields exist. */
    static Status read(Jedis connection, String table, String key, Set<String> fields, boolean watch,
            Map<String, byte[]> result) {
        byte[] record = RedisKeys.record(table, key);
        if (watch) {
            connection.watch(record);
        }
        if (fields == null) {
            return putAll(connection.hgetAll(record), result) ? Status.OK : Status.NOT_FOUND;
        }
        if (fields.isEmpty()) {
            return connection.exists(record) ? Status.OK : Status.NOT_FOUND;
        }
        List<String> names = new ArrayList<>(fields);
        return putSome(names, connection.hmget(record, RedisKeys.fields(names)), result) ? Status.OK : Status.NOT_FOUND;
    }

    /** ZRANGEBYLEX on the index, then the records' fields in one pipelined round trip. */
    static Status scan(Jedis connection, String table, String startKey, int recordCount, Set<String> fields,
            boolean watch, List<Record> result) {
        byte[] index = RedisKeys.index(table);
        if (watch) {
            connection.watch(index);
        }
        List<byte[]> members = connection.zrangeByLex(index, RedisKeys.inclusiveFrom(startKey),
                RedisKeys.unboundedTo(), 0, recordCount);
        if (members.isEmpty()) {
            return Status.OK;
        }
        List<String> keys = new ArrayList<>(members.size());
        byte[][] records = new byte[members.size()][];
        for (int i = 0; i < members.size(); i++) {
            String key = RedisKeys.text(members.get(i));
            keys.add(key);
            records[i] = RedisKeys.record(table, key);
        }
        if (watch) {
            connection.watch(records);
        }
        List<String> names = fields == null ? null : new ArrayList<>(fields);
        byte[][] fieldBytes = names == null ? null : RedisKeys.fields(names);
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
            // a key whose hash vanished between the index read and the pipeline was deleted: skip it
            boolean present = names == null
                    ? putAll(whole.get(i).get(), recordFields)
                    : names.isEmpty() || putSome(names, partial.get(i).get(), recordFields);
            if (present) {
                result.add(new Record(keys.get(i), recordFields));
            }
        }
        return Status.OK;
    }

    private static boolean putAll(Map<byte[], byte[]> hash, Map<String, byte[]> result) {
        hash.forEach((field, value) -> result.put(RedisKeys.text(field), value));
        return !hash.isEmpty();
    }

    private static boolean putSome(List<String> names, List<byte[]> values, Map<String, byte[]> result) {
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            byte[] value = values.get(i);
            if (value != null) {
                result.put(names.get(i), value);
                any = true;
            }
        }
        return any;
    }
}
