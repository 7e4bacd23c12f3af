package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * The scan part of the store contract, with what depends on tables as namespaces and on many
 * records at once: ordered scans from a start key (in {@link #scanOrder()}), counts beyond the end,
 * field subsets, missing tables, independent tables, {@code isKnownEmpty}, concurrent inserts.
 */
public abstract class ScanContract extends ContractBase {
    @Test
    void scan_startKeyInMiddle_returnsFollowingKeysInOrder() {
        List<String> keys = insertKeys(200);
        String start = keys.stream().sorted(scanOrder()).toList().get(50);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, start, 25, null, result));
        List<String> expected = following(keys, start, 25);
        assertEquals(expected, result.stream().map(Record::key).toList());
        for (int i = 0; i < 25; i++) {
            int n = Integer.parseInt(expected.get(i).substring("user".length()));
            assertFieldsEqual(Map.of("field0", bytes("v" + n)), result.get(i).fields());
        }
    }

    @Test
    void scan_startKeyAbsent_startsAtNextGreaterKey() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 20; i += 2) {
            session.insert(TABLE, key(i), Map.of(A, bytes("v")));
            keys.add(key(i));
        }
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, key(5), 3, null, result));
        assertEquals(following(keys, key(5), 3), result.stream().map(Record::key).toList());
    }

    @Test
    void scan_countBeyondEnd_returnsRemainingRecords() {
        List<String> keys = insertKeys(30);
        String start = keys.stream().sorted(scanOrder()).toList().get(25);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, start, 100, null, result));
        assertEquals(following(keys, start, 100), result.stream().map(Record::key).toList());
        assertEquals(5, result.size());
    }

    @Test
    void scan_startKeyPastEnd_okAndEmpty() {
        List<String> keys = insertKeys(10);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, keyPastEnd(keys), 10, null, result));
        assertTrue(result.isEmpty());
    }

    @Test
    void scan_missingTable_okAndEmpty() {
        assumeTrue(tablesAreSeparate(), "tables are not namespaces in this store's layout");
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan("nosuchtable", key(0), 10, null, result));
        assertTrue(result.isEmpty());
    }

    @Test
    void scan_negativeCount_badRequest() {
        insertKeys(3);
        assertEquals(Status.BAD_REQUEST, session.scan(TABLE, key(0), -1, null, new ArrayList<>()));
    }

    @Test
    void scan_fieldSubset_returnsOnlyRequestedFields() {
        for (int i = 0; i < 5; i++) {
            session.insert(TABLE, key(i), Map.of(A, bytes(A + i), B, bytes(B + i)));
        }
        List<Record> result = new ArrayList<>();
        String start = following(List.of(key(0), key(1), key(2), key(3), key(4)), "", 5).get(1);
        assertEquals(Status.OK, session.scan(TABLE, start, 3, Set.of(B), result));
        assertEquals(3, result.size());
        for (Record record : result) {
            int n = Integer.parseInt(record.key().substring("user".length()));
            assertFieldsEqual(Map.of(B, bytes(B + n)), record.fields());
        }
    }

    @Test
    void tables_sameKey_independent() {
        assumeTrue(tablesAreSeparate(), "tables are not namespaces in this store's layout");
        session.insert("t1", key(1), Map.of(A, bytes("one")));
        session.insert("t2", key(1), Map.of(A, bytes("two")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read("t2", key(1), null, result));
        assertFieldsEqual(Map.of(A, bytes("two")), result);
        assertEquals(Status.OK, session.delete("t1", key(1)));
        assertEquals(Status.OK, session.read("t2", key(1), null, new HashMap<>()));
    }

    @Test
    void isKnownEmpty_followsContent() {
        assertTrue(store.isKnownEmpty(TABLE));
        session.insert(TABLE, key(1), Map.of(A, bytes("1")));
        assertFalse(store.isKnownEmpty(TABLE));
        if (tablesAreSeparate()) {
            assertTrue(store.isKnownEmpty("other"));
        }
        session.delete(TABLE, key(1));
        assertTrue(store.isKnownEmpty(TABLE));
    }

    @Test
    void insert_concurrentFromSeveralThreads_scanCountsEveryRecordInOrder() throws Exception {
        int threads = 4;
        int perThread = 250;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Integer>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                tasks.add(() -> {
                    int failures = 0;
                    try (Session own = store.newSession()) {
                        // Interleaved key ranges, so threads write next to each other.
                        for (int i = 0; i < perThread; i++) {
                            String k = key(i * threads + first);
                            if (own.insert(TABLE, k, Map.of(A, bytes(k))) != Status.OK) {
                                failures++;
                            }
                        }
                    }
                    return failures;
                });
            }
            for (Future<Integer> done : pool.invokeAll(tasks)) {
                assertEquals(0, done.get());
            }
        } finally {
            pool.shutdown();
        }
        List<Record> all = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, "", threads * perThread + 10, null, all));
        assertEquals(threads * perThread, all.size());
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < threads * perThread; i++) {
            expected.add(key(i));
        }
        assertEquals(following(expected, "", expected.size()), all.stream().map(Record::key).toList());
        for (Record record : all) {
            assertFieldsEqual(Map.of(A, bytes(record.key())), record.fields());
        }
    }
}
