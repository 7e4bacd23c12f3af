package org.openmark.store.memory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.openmark.api.Session;
import org.openmark.api.Store;

/**
 * A thread-safe store held in memory: one {@link ConcurrentSkipListMap} per table, keys in
 * {@link String} order. Stored records are private, never-mutated maps (see {@link Fields}),
 * so readers need no locks and writers replace a record in one atomic map operation.
 */
public final class MemoryStore implements Store {
    private final Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> tables =
            new ConcurrentHashMap<>();

    @Override
    public Session newSession() {
        return new MemorySession(this);
    }

    @Override
    public boolean isKnownEmpty(String table) {
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = tables.get(table);
        return rows == null || rows.isEmpty();
    }

    /** The table's rows, or {@code null} when nothing was ever inserted into it. */
    ConcurrentSkipListMap<String, Map<String, byte[]>> existingTable(String table) {
        return tables.get(table);
    }

    /** The table's rows, created empty on first use. */
    ConcurrentSkipListMap<String, Map<String, byte[]>> table(String table) {
        return tables.computeIfAbsent(table, t -> new ConcurrentSkipListMap<>());
    }

    @Override
    public void close() {
        tables.clear();
    }
}
