package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
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
 * A store module extends this class and says how to open a fresh, empty store, and where its
 * semantics differ in ways the api allows (upserts, merging inserts, deletes that cannot tell
 * a missing key, scans in an order other than the keys').
 *
 * <p>Records use YCSB's field names {@code field0} .. {@code field10} only ({@link #FIELD_COUNT}),
 * so a store with a fixed schema (a table created with {@code fieldcount} columns) can run it.
 */
public abstract class StoreContractTest {
    protected static final String TABLE = "usertable";
    /** The fields the contract writes: field0 .. field10; a store with a fixed schema creates at least these. */
    public static final int FIELD_COUNT = 11;
    private static final long SEED = 20240611L;
    // The fields the tests write, by role.
    private static final String A = "field0";
    private static final String B = "field1";
    private static final String C = "field2";
    private static final String BASE = "field3";
    private static final String EMPTY = "field10";
    /** A field no record has (and a fixed schema may not have either). */
    private static final String NO_SUCH_FIELD = "nosuch";

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

    /**
     * The status an insert of an existing key returns when the store refuses it (a SQL table's
     * primary key: ERROR, the record unchanged), or null when it accepts it (replacing or merging).
     */
    protected Status insertOfExistingKeyRefusedWith() {
        return null;
    }

    /**
     * Whether a delete of a missing key returns NOT_FOUND; a store that writes a tombstone without
     * reading (Cassandra) cannot tell and returns OK.
     */
    protected boolean deleteReportsMissing() {
        return true;
    }

    /**
     * The order scans return records in, and in which "from the start key" is meant: key order by
     * default; token order for a store that hashes keys over a ring (Cassandra). The empty key
     * comes first in any order.
     */
    protected Comparator<String> scanOrder() {
        return Comparator.naturalOrder();
    }

    /**
     * Whether each table is a namespace of its own. YCSB's Redis layout ignores the table (a record is
     * a hash named by its key alone), so a store that keeps that layout says false: then a key is one
     * record whatever table names it, and a table no one wrote is not known to be empty.
     */
    protected boolean tablesAreSeparate() {
        return true;
    }

    /**
     * Whether a field value may hold the byte {@code unsignedByte} (0..255). Every byte by default; a
     * SQL TEXT column in YCSB's layout cannot hold byte 0, and such a store answers a value holding
     * one with BAD_REQUEST and writes nothing.
     */
    protected boolean holdsByte(int unsignedByte) {
        return true;
    }

    /** The {@code count} keys of {@code keys} a scan from {@code start} returns, in scan order. */
    private List<String> following(Collection<String> keys, String start, int count) {
        Comparator<String> order = scanOrder();
        return keys.stream().filter(k -> order.compare(k, start) >= 0).sorted(order).limit(count).toList();
    }

    /** A key after every one of {@code keys} in scan order. */
    private String keyPastEnd(Collection<String> keys) {
        Comparator<String> order = scanOrder();
        String last = keys.stream().max(order).orElseThrow();
        for (int i = 0; ; i++) {
            String candidate = "zzz" + (i == 0 ? "" : Integer.toString(i));
            if (order.compare(candidate, last) > 0) {
                return candidate;
            }
        }
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

    private List<String> insertKeys(int count) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            assertEquals(Status.OK, session.insert(TABLE, key(i), Map.of("field0", bytes("v" + i))));
            keys.add(key(i));
        }
        return keys;
    }

    @Test
    void read_missingKey_notFound() {
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, result));
        assertTrue(result.isEmpty());
        session.insert(TABLE, key(2), Map.of(A, bytes("x")));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, result));
    }

    @Test
    void insert_randomValues_readBackByteExact() {
        SplittableRandom random = new SplittableRandom(SEED);
        Map<String, byte[]> values = randomFields(random, 10, 100);
        for (byte[] value : values.values()) {
            for (int i = 0; i < value.length; i++) {
                if (!holdsByte(value[i] & 0xFF)) {
                    value[i] = 'x';
                }
            }
        }
        values.put(EMPTY, new byte[0]);
        assertEquals(Status.OK, session.insert(TABLE, key(7), values));
        assertFieldsEqual(values, readAll(key(7)));
    }

    @Test
    void write_byteTheStoreCannotHold_badRequestAndNothingWritten() {
        session.insert(TABLE, key(1), Map.of(A, bytes("kept")));
        for (int b = 0; b < 256; b++) {
            if (holdsByte(b)) {
                continue;
            }
            byte[] value = {'a', (byte) b, 'z'};
            assertEquals(Status.BAD_REQUEST, session.insert(TABLE, key(2), Map.of(A, value)), "byte " + b);
            assertEquals(Status.NOT_FOUND, session.read(TABLE, key(2), null, new HashMap<>()), "byte " + b);
            assertEquals(Status.BAD_REQUEST, session.update(TABLE, key(1), Map.of(A, value)), "byte " + b);
            assertFieldsEqual(Map.of(A, bytes("kept")), readAll(key(1)));
        }
    }

    @Test
    void insert_existingKey_replacesOrMergesAsDeclared() {
        session.insert(TABLE, key(1), Map.of(A, bytes("1"), B, bytes("2")));
        Status refused = insertOfExistingKeyRefusedWith();
        if (refused != null) {
            assertEquals(refused, session.insert(TABLE, key(1), Map.of(A, bytes("3"))));
            assertFieldsEqual(Map.of(A, bytes("1"), B, bytes("2")), readAll(key(1)));
            return;
        }
        assertEquals(Status.OK, session.insert(TABLE, key(1), Map.of(A, bytes("3"))));
        assertFieldsEqual(insertMerges() ? Map.of(A, bytes("3"), B, bytes("2")) : Map.of(A, bytes("3")),
                readAll(key(1)));
    }

    @Test
    void update_missingKey_notFoundOrUpsertAsDeclared() {
        if (updateUpserts()) {
            assertEquals(Status.OK, session.update(TABLE, key(1), Map.of(A, bytes("1"))));
            assertFieldsEqual(Map.of(A, bytes("1")), readAll(key(1)));
            return;
        }
        assertEquals(Status.NOT_FOUND, session.update(TABLE, key(1), Map.of(A, bytes("1"))));
        session.insert(TABLE, key(2), Map.of(A, bytes("2")));
        assertEquals(Status.NOT_FOUND, session.update(TABLE, key(1), Map.of(A, bytes("1"))));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
    }

    @Test
    void update_existingKey_overwritesGivenFieldsKeepsOthers() {
        session.insert(TABLE, key(1), Map.of(A, bytes("1"), B, bytes("2")));
        assertEquals(Status.OK, session.update(TABLE, key(1), Map.of(B, bytes("20"), C, bytes("30"))));
        assertFieldsEqual(Map.of(A, bytes("1"), B, bytes("20"), C, bytes("30")), readAll(key(1)));
    }

    @Test
    void delete_existingKey_okThenGone() {
        session.insert(TABLE, key(1), Map.of(A, bytes("1")));
        assertEquals(Status.OK, session.delete(TABLE, key(1)));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
        assertEquals(deleteReportsMissing() ? Status.NOT_FOUND : Status.OK, session.delete(TABLE, key(1)));
    }

    @Test
    void delete_missingKey_notFound() {
        Status missing = deleteReportsMissing() ? Status.NOT_FOUND : Status.OK;
        assertEquals(missing, session.delete(TABLE, key(1)));
        session.insert(TABLE, key(2), Map.of(A, bytes("2")));
        assertEquals(missing, session.delete(TABLE, key(1)));
        assertEquals(Status.OK, session.read(TABLE, key(2), null, new HashMap<>()));
    }

    @Test
    void read_fieldSubset_returnsOnlyRequestedExistingFields() {
        session.insert(TABLE, key(1), Map.of(A, bytes("1"), B, bytes("2"), C, bytes("3")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key(1), Set.of(A, C, NO_SUCH_FIELD), result));
        assertFieldsEqual(Map.of(A, bytes("1"), C, bytes("3")), result);
    }

    @Test
    void read_emptyFieldSet_okWithNoFields() {
        session.insert(TABLE, key(1), Map.of(A, bytes("1")));
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key(1), Set.of(), result));
        assertTrue(result.isEmpty());
    }

    @Test
    void storedData_callerMutatesArrays_storeUnchanged() {
        byte[] value = bytes("original");
        Map<String, byte[]> values = new HashMap<>(Map.of(A, value));
        session.insert(TABLE, key(1), values);
        value[0] = 'X';
        values.put(B, bytes("added later"));
        Map<String, byte[]> first = readAll(key(1));
        first.get(A)[1] = 'Y';
        assertFieldsEqual(Map.of(A, bytes("original")), readAll(key(1)));

        List<Record> scanned = new ArrayList<>();
        session.scan(TABLE, key(1), 1, null, scanned);
        scanned.get(0).fields().get(A)[2] = 'Z';
        assertFieldsEqual(Map.of(A, bytes("original")), readAll(key(1)));
    }

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
    void nullArguments_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, null, Map.of(A, bytes("1"))));
        Map<String, byte[]> nullValue = new HashMap<>();
        nullValue.put(A, null);
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, key(1), nullValue));
        assertEquals(Status.BAD_REQUEST, session.read(TABLE, null, null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
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
    void update_concurrentOnOneKey_noThreadsFieldLost() throws Exception {
        int threads = 4;
        int rounds = 200;
        session.insert(TABLE, key(1), Map.of(BASE, bytes(B)));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Integer>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String field = "field" + (4 + t);
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
        Map<String, byte[]> expected = new HashMap<>(Map.of(BASE, bytes(B)));
        for (int t = 0; t < threads; t++) {
            expected.put("field" + (4 + t), bytes(Integer.toString(rounds - 1)));
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
