package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * What the store contract's tests share: how a store says where its semantics differ in ways the
 * api allows (the hooks a store module overrides), a fresh store and session per test, and the
 * records the tests write. Extend {@link StoreContractTest}, which runs every test of the contract.
 */
public abstract class ContractBase {
    protected static final String TABLE = "usertable";
    /** The fields the contract writes: field0 .. field10; a store with a fixed schema creates at least these. */
    public static final int FIELD_COUNT = 11;
    protected static final long SEED = 20240611L;
    // The fields the tests write, by role.
    protected static final String A = "field0";
    protected static final String B = "field1";
    protected static final String C = "field2";
    protected static final String BASE = "field3";
    protected static final String EMPTY = "field10";
    /** A field no record has (and a fixed schema may not have either). */
    protected static final String NO_SUCH_FIELD = "nosuch";

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
    protected List<String> following(Collection<String> keys, String start, int count) {
        Comparator<String> order = scanOrder();
        return keys.stream().filter(k -> order.compare(k, start) >= 0).sorted(order).limit(count).toList();
    }

    /** A key after every one of {@code keys} in scan order. */
    protected String keyPastEnd(Collection<String> keys) {
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

    protected Map<String, byte[]> readAll(String key) {
        Map<String, byte[]> result = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key, null, result));
        return result;
    }

    protected List<String> insertKeys(int count) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            assertEquals(Status.OK, session.insert(TABLE, key(i), Map.of("field0", bytes("v" + i))));
            keys.add(key(i));
        }
        return keys;
    }
}
