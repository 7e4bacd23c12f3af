package org.openmark.testbindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * A user's own YCSB workload: each thread inserts keys {@code rw<threadId>-<i>} (its share of
 * {@code rw.keys}); each transaction reads one of its thread's keys and, when found, updates it: two
 * database calls per unit. A transaction returns false when the read did not find the key.
 */
public class ReadUpdateWorkload extends Workload {
    public static final String KEYS_PROPERTY = "rw.keys";
    private String table;
    private long keys;

    @Override
    public void init(Properties p) throws WorkloadException {
        table = p.getProperty("table", "usertable");
        keys = Long.parseLong(p.getProperty(KEYS_PROPERTY, "10"));
    }

    @Override
    public Object initThread(Properties p, int threadId, int threadCount) {
        return new long[] {threadId, 0, 0};
    }

    @Override
    public boolean doInsert(DB db, Object state) {
        long[] s = (long[]) state;
        String key = "rw" + s[0] + "-" + s[1]++;
        return db.insert(table, key, StringByteIterator.getByteIteratorMap(Map.of("f0", key))).isOk();
    }

    @Override
    public boolean doTransaction(DB db, Object state) {
        long[] s = (long[]) state;
        String key = "rw" + s[0] + "-" + (s[2]++ % Math.max(1, Math.min(keys, s[1] == 0 ? keys : s[1])));
        Map<String, ByteIterator> cells = new HashMap<>();
        if (!db.read(table, key, null, cells).isOk()) {
            return false;
        }
        return db.update(table, key, StringByteIterator.getByteIteratorMap(Map.of("f0", key + "'"))).isOk();
    }
}
