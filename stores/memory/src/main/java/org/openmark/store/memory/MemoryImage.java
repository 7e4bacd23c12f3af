package org.openmark.store.memory;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * A saved copy of every table of a {@link MemoryStore}. The table maps are copied; the records
 * in them are shared with the store, which is safe because a stored record is never mutated
 * (see {@link Fields}): an update stores a new map. So an image costs one map entry per
 * record (tens of bytes), not a second copy of the values.
 */
final class MemoryImage implements StoreImage {
    private final MemoryStore owner;
    private final int recordCount;
    private final int tableCount;
    /** Each table's rows as saved; {@code null} once closed. */
    private volatile Map<String, TreeMap<String, Map<String, byte[]>>> tables;

    private MemoryImage(MemoryStore owner, Map<String, TreeMap<String, Map<String, byte[]>>> tables) {
        this.owner = owner;
        this.tables = tables;
        this.tableCount = tables.size();
        this.recordCount = tables.values().stream().mapToInt(TreeMap::size).sum();
    }

    /** Copies the given live tables (a quiescent store gives an exact copy). */
    static MemoryImage of(MemoryStore owner, Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> live) {
        Map<String, TreeMap<String, Map<String, byte[]>>> copy = new HashMap<>();
        // building from a sorted map takes linear time
        live.forEach((name, rows) -> copy.put(name, new TreeMap<>(rows)));
        return new MemoryImage(owner, copy);
    }

    /** New live tables holding exactly the saved rows; the image stays as it is. */
    Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> copyTables() {
        Map<String, TreeMap<String, Map<String, byte[]>>> saved = tables;
        if (saved == null) {
            throw new StoreException("cannot restore " + describe() + ": the image is closed");
        }
        Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> copy = new HashMap<>();
        saved.forEach((name, rows) -> copy.put(name, new ConcurrentSkipListMap<>(rows)));
        return copy;
    }

    /** True once closed: the saved rows are no longer referenced. */
    boolean isClosed() {
        return tables == null;
    }

    @Override
    public String describe() {
        return "memory image of " + recordCount + " records in " + tableCount + " tables"
                + (isClosed() ? " (closed)" : "");
    }

    @Override
    public void close() {
        tables = null;
        owner.forget(this);
    }
}
