package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * The {@link Session} contract every openmark store with real storage must meet: CRUD
 * semantics (missing key: NOT_FOUND; insert of an existing key: overwrite and OK), ordered
 * scans, field subsets, byte-exact values, no aliasing of caller arrays, concurrent inserts.
 * A store module extends this class and says how to open a fresh, empty store, and where its
 * semantics differ in ways the api allows (upserts, merging inserts, deletes that cannot tell
 * a missing key, scans in an order other than the keys': the hooks of {@link ContractBase}). The
 * scans' part of the contract is {@link ScanContract}, which this class extends.
 *
 * <p>Records use YCSB's field names {@code field0} .. {@code field10} only ({@link #FIELD_COUNT}),
 * so a store with a fixed schema (a table created with {@code fieldcount} columns) can run it.
 */
public abstract class StoreContractTest extends ScanContract {
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
    void nullArguments_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, null, Map.of(A, bytes("1"))));
        Map<String, byte[]> nullValue = new HashMap<>();
        nullValue.put(A, null);
        assertEquals(Status.BAD_REQUEST, session.insert(TABLE, key(1), nullValue));
        assertEquals(Status.BAD_REQUEST, session.read(TABLE, null, null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, session.read(TABLE, key(1), null, new HashMap<>()));
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
}
