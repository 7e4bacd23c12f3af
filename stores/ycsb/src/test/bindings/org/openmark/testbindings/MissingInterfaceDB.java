package org.openmark.testbindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * As YCSB's RedisClient holds its client (a field of the driver's interface type, JedisCommands,
 * given a driver class): run without the driver's jar, the class fails when it is linked (the
 * verifier loads the interface to check the assignment), before any of its methods runs.
 */
public class MissingInterfaceDB extends DB {
    private MissingApi api;

    @Override
    public void init() {
        api = new MissingDriver();
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        return api == null ? Status.ERROR : Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
        return Status.OK;
    }
}
