package org.openmark.rating;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * The store-agnostic "repair" reload: a store decorator that, before the first write to each
 * key during an experiment, reads the key's whole record (its pre-image) through the binding,
 * and afterwards writes every pre-image back (deleting keys that did not exist). The extra read
 * per first write is part of the experiment's cost, as in BG's repair, and is reported.
 */
final class RepairingStore implements Store {
    private final Store inner;
    /** table + '\u0000' + key → the record before the experiment (empty: it did not exist). */
    private final Map<String, Optional<Map<String, byte[]>>> preImages = new ConcurrentHashMap<>();

    RepairingStore(Store inner) {
        this.inner = inner;
    }

    /** Keys whose pre-image was logged since the last repair. */
    int loggedKeys() {
        return preImages.size();
    }

    /** Writes every pre-image back; returns how many keys it restored, or throws when a write failed. */
    int repair() {
        int restored = 0;
        try (Session s = inner.newSession()) {
            for (Map.Entry<String, Optional<Map<String, byte[]>>> e : preImages.entrySet()) {
                int sep = e.getKey().indexOf('\u0000');
                String table = e.getKey().substring(0, sep);
                String key = e.getKey().substring(sep + 1);
                Status deleted = s.delete(table, key);
                if (!deleted.isOk() && deleted != Status.NOT_FOUND) {
                    throw new IllegalStateException("repair: delete " + key + " returned " + deleted);
                }
                if (e.getValue().isPresent()) {
                    Status inserted = s.insert(table, key, e.getValue().get());
                    if (!inserted.isOk()) {
                        throw new IllegalStateException("repair: insert " + key + " returned " + inserted);
                    }
                }
                restored++;
            }
        }
        preImages.clear();
        return restored;
    }

    @Override
    public Session newSession() {
        Session s = inner.newSession();
        return new Session() {
            private void log(String table, String key) {
                preImages.computeIfAbsent(table + '\u0000' + key, k -> {
                    Map<String, byte[]> before = new HashMap<>();
                    Status st = s.read(table, key, null, before);
                    return st.isOk() ? Optional.of(before) : Optional.empty();
                });
            }

            @Override
            public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                return s.read(table, key, fields, result);
            }

            @Override
            public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
                return s.scan(table, startKey, recordCount, fields, result);
            }

            @Override
            public Status update(String table, String key, Map<String, byte[]> values) {
                log(table, key);
                return s.update(table, key, values);
            }

            @Override
            public Status insert(String table, String key, Map<String, byte[]> values) {
                log(table, key);
                return s.insert(table, key, values);
            }

            @Override
            public Status delete(String table, String key) {
                log(table, key);
                return s.delete(table, key);
            }

            @Override
            public Status start() {
                return s.start();
            }

            @Override
            public Status commit() {
                return s.commit();
            }

            @Override
            public Status abort() {
                return s.abort();
            }

            @Override
            public void close() {
                s.close();
            }
        };
    }

    @Override
    public int maxOutstandingRequests() {
        return inner.maxOutstandingRequests();
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return inner.isKnownEmpty(table);
    }

    @Override
    public boolean isEmbedded() {
        return inner.isEmbedded();
    }

    @Override
    public boolean callsTakeTime() {
        return inner.callsTakeTime();
    }

    @Override
    public void close() {
        // The inner store belongs to the rating; it closes it.
    }
}
