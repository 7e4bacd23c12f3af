package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * The {@link Session} contract every openmark store with real storage must meet: CRUD
 * semantics (missing key: NOT_FOUND; insert of an existing key: overwrite and OK), ordered
 * scans, field subsets, byte-exact values, no aliasing of caller arrays, concurrent inserts.
 * A store module extends this class and says how to open a fresh, empty store.
 */
public abstract class StoreContractTest {
    protected static final String TABLE = "usertable";
    private static final long SEED = 20240611L;

    protected Store store;
    protected Session session;

    /** A fresh, empty store. */
    protected abstract Store openStore();

    /**
     * Whether an update of a missing key creates it (an upsert, as YCSB's Redis binding does;
     * the api allows it) instead of returning NOT_FOUND.
     */
    protected boolean updateUpserts() {
        return false;
    }

    /** Whether an insert of an existing key merges its fields into the record instead of replacing it. */
    protected boolean insertMerges() {
        return false;
    }

    @BeforeEach
    void openStoreAndSession() {
        store = openStore();
        session = store.newSession();
    }

    @AfterEach
    void closeStoreAndSession() {
        session.close();
        store.close();
    }

    /** Zero-padded, so string order equals numeric order. */
    protected static String key(int i) {
        return String.format("user%06d", i);
    }

    protected static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code fieldCount} fields field0.. with seeded random values (all byte values occur). */
    protected static Map<String, byte[]> randomFields(SplittableRandom random, int fieldCount, int valueBytes) {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        for (int f = 0; f < fieldCount; f++) {
            byte[] value = new byte[valueBytes];
            random.nextBytes(value);
            fields.put("field" + f, value);
        }
        return fields;
    }

    protected static void assertFieldsEqual(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        for (Map.Entry<String, byte[]> e : expected.entrySet()) {
            assertArrayEquals(e.getValue(), actual.get(e.getKey()), "field " + e.getKey());
        }
    }

    private Map<String, byte[]> readAll(String key) {
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key, null, result));
        return result;
    }

    private void insertKeys(int count) {
        for (int i = 0; i < count; i++) {
            assertEquals(Status.OK, session.insert(TABLE, key(i), Map.of("field0", bytes("v" + i))));
        }
    }

    @Test
    void read_missingKey_notFound() {
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, result));
        assertTrue(result.isEmpty());
        session.insert(TABLE, key(2), Map.of("f", bytes("x")));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, result));
    }

    @Test
    void insert_randomValues_readBackByteExact() {
        SplittableRandom random = new SplittableRandom(SEED);
        Map<String, byte[]> values = randomFields(random, 10, 100);
        values.put("empty", new byte[0]);
        assertEquals(Status.OK, session.insert(TABLE, key(7), values));
        assertFieldsEqual(values, readAll(key(7)));
    }

    @Test
    void insert_existingKey_replacesOrMergesAsDeclared() {
        session.insert(TABLE, key(1), Map.of("a", bytes("1"), "b", bytes("2")));
        assertEquals(Status.OK, session.insert(TABLE, key(1), Map.of("a", bytes("3"))));
        assertFieldsEqual(insertMerges() ? Map.of("a", bytes("3"), "b", bytes("2")) : Map.of("a", bytes("3")),
                readAll(key(1)));
    }

    @Test
    void update_missingKey_notFoundOrUpsertAsDeclared() {
        if (updateUpserts()) {
            assertEquals(Status.OK, session.update(TABLE, key(1), Map.of("a", bytes("1"))));
            assertFieldsEqual(Map.of("a", bytes("1")), readAll(key(1)));
            return;
        }
        assertEquals(Status.NOT_FOUND, session.update(TABLE, key(1), Map.of("a", bytes("1"))));
        session.insert(TABLE, key(2), Map.of("a", bytes("2")));
        assertEquals(Status.NOT_FOUND, session.update(TABLE, key(1), Map.of("a", bytes("1"))));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
    }

    @Test
    void update_existingKey_overwritesGivenFieldsKeepsOthers() {
        session.insert(TABLE, key(1), Map.of("a", bytes("1"), "b", bytes("2")));
        assertEquals(Status.OK, session.update(TABLE, key(1), Map.of("b", bytes("20"), "c", bytes("30"))));
        assertFieldsEqual(Map.of("a", bytes("1"), "b", bytes("20"), "c", bytes("30")), readAll(key(1)));
    }

    @Test
    void delete_existingKey_okThenGone() {
        session.insert(TABLE, key(1), Map.of("a", bytes("1")));
        assertEquals(Status.OK, session.delete(TABLE, key(1)));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, session.delete(TABLE, key(1)));
    }

    @Test
    void delete_missingKey_notFound() {
        assertEquals(Status.NOT_FOUND, session.delete(TABLE, key(1)));
        session.insert(TABLE, key(2), Map.of("a", bytes("2")));
        assertEquals(Status.NOT_FOUND, session.delete(TABLE, key(1)));
    }

    @Test
    void read_fieldSubset_returnsOnlyRequestedExistingFields() {
        session.insert(TABLE, key(1), Map.of("a", bytes("1"), "b", bytes("2"), "c", bytes("3")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key(1), Set.of("a", "c", "nosuch"), result));
        assertFieldsEqual(Map.of("a", bytes("1"), "c", bytes("3")), result);
    }

    @Test
    void read_emptyFieldSet_okWithNoFields() {
        session.insert(TABLE, key(1), Map.of("a", bytes("1")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key(1), Set.of(), result));
        assertTrue(result.isEmpty());
    }

    @Test
    void storedData_callerMutatesArrays_storeUnchanged() {
        byte[] value = bytes("original");
        Map<String, byte[]> values = new HashMap<>(Map.of("a", value));
        session.insert(TABLE, key(1), values);
        value[0] = 'X';
        values.put("b", bytes("added later"));
        Map<String, byte[]> first = readAll(key(1));
        first.get("a")[1] = 'Y';
        assertFieldsEqual(Map.of("a", bytes("original")), readAll(key(1)));

        List<Record> scanned = new ArrayList<>();
        session.scan(TABLE, key(1), 1, null, scanned);
        scanned.get(0).fields().get("a")[2] = 'Z';
        assertFieldsEqual(Map.of("a", bytes("original")), readAll(key(1)));
    }

    @Test
    void scan_startKeyInMiddle_returnsFollowingKeysInOrder() {
        insertKeys(200);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, key(50), 25, null, result));
        assertEquals(25, result.size());
        for (int i = 0; i < 25; i++) {
            assertEquals(key(50 + i), result.get(i).key());
            assertFieldsEqual(Map.of("field0", bytes("v" + (50 + i))), result.get(i).fields());
        }
    }

    @Test
    void scan_startKeyAbsent_startsAtNextGreaterKey() {
        for (int i = 0; i < 20; i += 2) {
            session.insert(TABLE, key(i), Map.of("f", bytes("v")));
        }
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, key(5), 3, null, result));
        assertEquals(List.of(key(6), key(8), key(10)), result.stream().map(Record::key).toList());
    }

    @Test
    void scan_countBeyondEnd_returnsRemainingRecords() {
        insertKeys(30);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, key(25), 100, null, result));
        assertEquals(List.of(key(25), key(26), key(27), key(28), key(29)),
                result.stream().map(Record::key).toList());
    }

    @Test
    void scan_startKeyPastEnd_okAndEmpty() {
        insertKeys(10);
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, "zzz", 10, null, result));
        assertTrue(result.isEmpty());
    }

    @Test
    void scan_missingTable_okAndEmpty() {
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
            session.insert(TABLE, key(i), Map.of("a", bytes("a" + i), "b", bytes("b" + i)));
        }
        List<Record> result = new ArrayList<>();
        assertEquals(Status.OK, session.scan(TABLE, key(1), 3, Set.of("b"), result));
        assertEquals(3, result.size());
        for (int i = 0; i < 3; i++) {
            assertFieldsEqual(Map.of("b", bytes("b" + (i + 1))), result.get(i).fields());
        }
    }

    @Test
    void tables_sameKey_independent() {
        session.insert("t1", key(1), Map.of("a", bytes("one")));
        session.insert("t2", key(1), Map.of("a", bytes("two")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read("t2", key(1), null, result));
        assertFieldsEqual(Map.of("a", bytes("two")), result);
        assertEquals(Status.OK, session.delete("t1", key(1)));
        assertEquals(Status.OK, session.read("t2", key(1), null, new HashMap<>()));
    }

    @Test
    void nullArguments_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, null, Map.of("a", bytes("1"))));
        Map<String, byte[]> nullValue = new HashMap<>();
        nullValue.put("a", null);
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, key(1), nullValue));
        assertEquals(Status.BAD_REQUEST, session.read(TABLE, null, null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
    }

    @Test
    void isKnownEmpty_followsContent() {
        assertTrue(store.isKnownEmpty(TABLE));
        session.insert(TABLE, key(1), Map.of("a", bytes("1")));
        assertFalse(store.isKnownEmpty(TABLE));
        assertTrue(store.isKnownEmpty("other"));
        session.delete(TABLE, key(1));
        assertTrue(store.isKnownEmpty(TABLE));
    }

    @Test
    void update_concurrentOnOneKey_noThreadsFieldLost() throws Exception {
        int threads = 4;
        int rounds = 200;
        session.insert(TABLE, key(1), Map.of("base", bytes("b")));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Integer>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String field = "thread" + t;
                tasks.add(() -> {
                    int failures = 0;
                    try (Session own = store.newSession()) {
                        for (int r = 0; r < rounds; r++) {
                            if (own.update(TABLE, key(1), Map.of(field, bytes(Integer.toString(r)))) != Status.OK) {
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
        Map<String, byte[]> expected = new HashMap<>(Map.of("base", bytes("b")));
        for (int t = 0; t < threads; t++) {
            expected.put("thread" + t, bytes(Integer.toString(rounds - 1)));
        }
        assertFieldsEqual(expected, readAll(key(1)));
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
                            if (own.insert(TABLE, k, Map.of("f", bytes(k))) != Status.OK) {
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
        for (int i = 0; i < all.size(); i++) {
            assertEquals(key(i), all.get(i).key());
            assertFieldsEqual(Map.of("f", bytes(key(i))), all.get(i).fields());
        }
    }
}
