package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/** The repair reload restores exactly the records an experiment changed. */
class RepairingStoreTest {
    /** A plain sorted map store. */
    static final class MapStore implements Store {
        final ConcurrentSkipListMap<String, Map<String, byte[]>> data = new ConcurrentSkipListMap<>();

        @Override
        public Session newSession() {
            return new Session() {
                @Override
                public Status read(String t, String key, Set<String> fields, Map<String, byte[]> result) {
                    Map<String, byte[]> v = data.get(key);
                    if (v == null) {
                        return Status.NOT_FOUND;
                    }
                    result.putAll(v);
                    return Status.OK;
                }

                @Override
                public Status scan(String t, String start, int n, Set<String> f, List<Record> result) {
                    return Status.NOT_IMPLEMENTED;
                }

                @Override
                public Status update(String t, String key, Map<String, byte[]> values) {
                    Map<String, byte[]> v = data.get(key);
                    if (v == null) {
                        return Status.NOT_FOUND;
                    }
                    Map<String, byte[]> merged = new HashMap<>(v);
                    merged.putAll(values);
                    data.put(key, merged);
                    return Status.OK;
                }

                @Override
                public Status insert(String t, String key, Map<String, byte[]> values) {
                    data.put(key, new HashMap<>(values));
                    return Status.OK;
                }

                @Override
                public Status delete(String t, String key) {
                    return data.remove(key) == null ? Status.NOT_FOUND : Status.OK;
                }
            };
        }

        @Override
        public void close() {
        }

        /** Every key, field and byte, in order. */
        String fingerprint() {
            StringBuilder b = new StringBuilder();
            data.forEach((k, v) -> {
                b.append(k).append('{');
                new TreeMap<>(v).forEach((f, bytes) -> b.append(f).append('=').append(java.util.Arrays.toString(bytes)));
                b.append('}');
            });
            return b.toString();
        }
    }

    @Test
    void repair_randomUpdatesInsertsDeletes_restoresTheExactContent() {
        MapStore store = new MapStore();
        SplittableRandom r = new SplittableRandom(9);
        try (Session s = store.newSession()) {
            for (int i = 0; i < 200; i++) {
                s.insert("t", "user" + i, Map.of("field0", bytes(r), "field1", bytes(r)));
            }
        }
        String before = store.fingerprint();
        RepairingStore repairing = new RepairingStore(store);
        try (Session s = repairing.newSession()) {
            for (int i = 0; i < 1000; i++) {
                String key = "user" + r.nextInt(300);
                switch (r.nextInt(3)) {
                    case 0 -> s.update("t", key, Map.of("field0", bytes(r)));
                    case 1 -> s.insert("t", key, Map.of("field0", bytes(r), "field9", bytes(r)));
                    default -> s.delete("t", key);
                }
            }
        }
        assertNotEquals(before, store.fingerprint());
        int restored = repairing.repair();
        assertEquals(before, store.fingerprint());
        assertEquals(0, repairing.loggedKeys());
        assertEquals(true, restored > 100);
    }

    private static byte[] bytes(SplittableRandom r) {
        byte[] b = new byte[r.nextInt(0, 20)];
        r.nextBytes(b);
        return b;
    }
}
