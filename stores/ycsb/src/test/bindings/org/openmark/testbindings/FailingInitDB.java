package org.openmark.testbindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding whose {@code init()} fails like a driver that cannot connect; with
 * {@code failinginit.after=N} only the instances after the first N fail.
 */
public class FailingInitDB extends DB {
    private static final AtomicInteger STARTED = new AtomicInteger();

    @Override
    public void init() throws DBException {
        int after = Integer.parseInt(getProperties().getProperty("failinginit.after", "0"));
        if (STARTED.incrementAndGet() > after) {
            throw new DBException("Connection refused: 127.0.0.1:1");
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        return Status.NOT_FOUND;
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
