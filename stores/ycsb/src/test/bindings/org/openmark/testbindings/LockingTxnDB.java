package org.openmark.testbindings;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A YCSB+T style binding: an in-memory table (shared by all instances) with {@code start()},
 * {@code commit()} and {@code abort()}. A transaction holds one global lock from start to its end,
 * so transactions are serializable; abort undoes its writes. With {@code lockingtxn.failcommits=N}
 * every N-th commit throws (after undoing, as a store that aborts at commit), so tests see ABORTED.
 * The table outlives the binding's class loader, as a server would: it is kept in the JVM's system
 * properties (JDK types only) under {@code lockingtxn.space} (default {@code default}), so a load
 * phase and a later run phase, each with a store (and a class loader) of its own, see the same data.
 */
public class LockingTxnDB extends DB {
    private static final java.util.concurrent.atomic.AtomicLong COMMITS = new java.util.concurrent.atomic.AtomicLong();

    private ReentrantLock lock;
    private NavigableMap<String, Map<String, byte[]>> data;

    /** The previous state of every record a transaction wrote (null: it did not exist), newest first. */
    private final Deque<Map.Entry<String, Map<String, byte[]>>> undo = new ArrayDeque<>();
    private boolean inTransaction;
    private long failEvery;

    @Override
    @SuppressWarnings("unchecked")
    public void init() {
        failEvery = Long.parseLong(getProperties().getProperty("lockingtxn.failcommits", "0"));
        String space = "openmark.test.lockingtxn." + getProperties().getProperty("lockingtxn.space", "default");
        Object[] shared = (Object[]) System.getProperties().computeIfAbsent(space,
                k -> new Object[] {new ReentrantLock(), new ConcurrentSkipListMap<String, Map<String, byte[]>>()});
        lock = (ReentrantLock) shared[0];
        data = (NavigableMap<String, Map<String, byte[]>>) shared[1];
    }

    public void start() throws DBException {
        if (inTransaction) {
            throw new DBException("already in a transaction");
        }
        lock.lock();
        inTransaction = true;
    }

    public void commit() throws DBException {
        boolean fail = failEvery > 0 && COMMITS.incrementAndGet() % failEvery == 0;
        if (fail) {
            abort();
            throw new DBException("commit refused (every " + failEvery + "th)");
        }
        end();
    }

    public void abort() {
        while (!undo.isEmpty()) {
            Map.Entry<String, Map<String, byte[]>> before = undo.pop();
            if (before.getValue() == null) {
                data.remove(before.getKey());
            } else {
                data.put(before.getKey(), before.getValue());
            }
        }
        end();
    }

    private void end() {
        undo.clear();
        if (inTransaction) {
            inTransaction = false;
            lock.unlock();
        }
    }

    private void remember(String id) {
        if (inTransaction) {
            Map<String, byte[]> old = data.get(id);
            undo.push(new java.util.AbstractMap.SimpleEntry<>(id, old == null ? null : new HashMap<>(old)));
        }
    }

    private static String id(String table, String key) {
        return table + "/" + key;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        Map<String, byte[]> record = data.get(id(table, key));
        if (record == null) {
            return Status.NOT_FOUND;
        }
        record.forEach((f, v) -> {
            if (fields == null || fields.contains(f)) {
                result.put(f, new ByteArrayByteIterator(v));
            }
        });
        return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        for (Map.Entry<String, Map<String, byte[]>> e : data.tailMap(id(table, startkey), true).entrySet()) {
            if (result.size() >= recordcount || !e.getKey().startsWith(table + "/")) {
                break;
            }
            HashMap<String, ByteIterator> row = new HashMap<>();
            e.getValue().forEach((f, v) -> {
                if (fields == null || fields.contains(f)) {
                    row.put(f, new ByteArrayByteIterator(v));
                }
            });
            result.add(row);
        }
        return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        String id = id(table, key);
        Map<String, byte[]> old = data.get(id);
        if (old == null) {
            return Status.NOT_FOUND;
        }
        remember(id);
        Map<String, byte[]> next = new HashMap<>(old);
        values.forEach((f, v) -> next.put(f, v.toArray()));
        data.put(id, next);
        return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        String id = id(table, key);
        remember(id);
        Map<String, byte[]> next = new HashMap<>();
        values.forEach((f, v) -> next.put(f, v.toArray()));
        data.put(id, next);
        return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
        String id = id(table, key);
        if (!data.containsKey(id)) {
            return Status.NOT_FOUND;
        }
        remember(id);
        data.remove(id);
        return Status.OK;
    }

    @Override
    public void cleanup() {
        if (inTransaction) {
            abort();
        }
    }
}
