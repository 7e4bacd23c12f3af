package org.openmark.testbindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentSkipListMap;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Records in memory, answering a read of a missing key with ERROR, as YCSB's RedisClient does
 * ({@code result.isEmpty() ? ERROR : OK}), and the aerospike, couchbase, geode, arangodb and rados
 * bindings. The records outlive the class: every phase loads the binding in a class loader of its
 * own, so they are kept in the JVM's system properties (a JDK object all class loaders share), and a
 * load's records are there for the run that follows, as a server's would be.
 */
public class MissingKeyErrorDB extends DB {
    /** Every record, by table and key. */
    @SuppressWarnings("unchecked")
    private static final ConcurrentSkipListMap<String, Map<String, String>> RECORDS =
            (ConcurrentSkipListMap<String, Map<String, String>>) System.getProperties()
                    .computeIfAbsent("openmark.test.MissingKeyErrorDB", k -> new ConcurrentSkipListMap<>());

    private static String id(String table, String key) {
        return table + "/" + key;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        Map<String, String> record = RECORDS.get(id(table, key));
        if (record != null) {
            synchronized (record) {
                record.forEach((f, v) -> {
                    if (fields == null || fields.contains(f)) {
                        result.put(f, new StringByteIterator(v));
                    }
                });
            }
        }
        return result.isEmpty() ? Status.ERROR : Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        for (Map.Entry<String, Map<String, String>> e : RECORDS.tailMap(id(table, startkey)).entrySet()) {
            if (result.size() >= recordcount || !e.getKey().startsWith(table + "/")) {
                break;
            }
            HashMap<String, ByteIterator> values = new HashMap<>();
            read(table, e.getKey().substring(table.length() + 1), fields, values);
            result.add(values);
        }
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        Map<String, String> record = RECORDS.computeIfAbsent(id(table, key), k -> new HashMap<>());
        synchronized (record) {
            values.forEach((f, v) -> record.put(f, v.toString()));
        }
        return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return update(table, key, values);
    }

    @Override
    public Status delete(String table, String key) {
        return RECORDS.remove(id(table, key)) == null ? Status.ERROR : Status.OK;
    }
}
