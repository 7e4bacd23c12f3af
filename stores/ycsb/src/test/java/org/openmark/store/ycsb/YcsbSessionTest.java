package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreProperties;

/** One session over a binding: data both ways, every status, exceptions, transactions. */
class YcsbSessionTest {

    private static YcsbStore open(String binding, String... pairs) {
        Map<String, String> props = Phases.props(pairs);
        props.put("ycsb.db", TestBindings.name(binding));
        props.put("ycsb.classpath", TestBindings.jar().toString());
        return new YcsbStoreFactory().open(StoreProperties.of(props));
    }

    /** A key whose every call StatusPerKeyDB answers with {@code outcome} (it says which, by its own rule). */
    private static String keyFor(YcsbStore store, String outcome) {
        try {
            java.lang.reflect.Method outcomeOf = store.bindingLoader().loadClass(TestBindings.name("StatusPerKeyDB"))
                    .getMethod("outcomeOf", String.class);
            for (int i = 0; ; i++) {
                String key = "user" + i;
                if (outcomeOf.invoke(null, key).equals(outcome)) {
                    return key;
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @CsvSource({"OK, OK, ", "ERROR, ERROR, ", "NOT_FOUND, NOT_FOUND, ", "NOT_IMPLEMENTED, NOT_IMPLEMENTED, ",
        "UNEXPECTED_STATE, UNEXPECTED_STATE, ", "BAD_REQUEST, BAD_REQUEST, ", "FORBIDDEN, ERROR, status.FORBIDDEN",
        "SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE, ", "BATCHED_OK, OK, status.BATCHED_OK",
        "THROTTLED, ERROR, status.THROTTLED", "TIMEOUT, TIMEOUT, ", "null, ERROR, status.(none)", "throws, ERROR, exceptions"})
    void update_eachYcsbOutcome_mapsToOpenmarkStatusAndTallies(String outcome, Status expected, String label) {
        try (YcsbStore store = open("StatusPerKeyDB"); Session session = store.newSession()) {
            Status status = session.update("usertable", keyFor(store, outcome), Map.of("field0", new byte[] {1}));

            assertEquals(expected, status);
            if (label != null) {
                assertEquals(1, store.tallied(label));
                assertEquals("1", store.facts().get(label));
            }
            assertEquals(label == null ? Set.of() : Set.of(label), talliedLabels(store));
        }
    }

    private static Set<String> talliedLabels(YcsbStore store) {
        Set<String> labels = new java.util.TreeSet<>(store.facts().keySet());
        labels.removeAll(Set.of("binding", "core", "txn"));
        return labels;
    }

    @Test
    void read_bindingAnswersWithStringByteIterator_bytesOfTheString() {
        try (YcsbStore store = open("StatusPerKeyDB"); Session session = store.newSession()) {
            String key = keyFor(store, "OK");
            Map<String, byte[]> read = new HashMap<>();

            assertEquals(Status.OK, session.read("usertable", key, null, read));

            assertArrayEquals(("value of " + key).getBytes(java.nio.charset.StandardCharsets.US_ASCII), read.get("field0"));
        }
    }

    @Test
    void lastFailure_afterStatusOrException_saysWhatTheBindingSaid() {
        try (YcsbStore store = open("StatusPerKeyDB"); Session session = store.newSession()) {
            session.delete("usertable", keyFor(store, "THROTTLED"));
            assertEquals("THROTTLED: slow down", session.lastFailure());
            String thrower = keyFor(store, "throws");
            session.delete("usertable", thrower);
            assertEquals("java.lang.IllegalStateException: no answer for " + thrower, session.lastFailure());
        }
    }

    @Test
    void insertThenRead_everyByteValue_comesBackExactly() {
        try (YcsbStore store = open("LockingTxnDB"); Session session = store.newSession()) {
            byte[] every = new byte[256];
            for (int i = 0; i < every.length; i++) {
                every[i] = (byte) i;
            }
            byte[] random = new byte[1000];
            new SplittableRandom(5).nextBytes(random);
            Map<String, byte[]> values = Map.of("field0", every, "field1", random, "field2", new byte[0]);

            assertEquals(Status.OK, session.insert("t1", "k1", values));
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("t1", "k1", null, read));

            assertEquals(values.keySet(), read.keySet());
            values.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
        }
    }

    @Test
    void readAndScan_fieldSubset_reachTheBindingAndLimitTheResult() {
        try (YcsbStore store = open("LockingTxnDB"); Session session = store.newSession()) {
            for (int i = 0; i < 5; i++) {
                session.insert("t2", "k" + i, Map.of("a", new byte[] {(byte) i}, "b", new byte[] {2}));
            }
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("t2", "k3", Set.of("a"), read));
            assertEquals(Set.of("a"), read.keySet());

            List<Record> scanned = new ArrayList<>();
            assertEquals(Status.OK, session.scan("t2", "k1", 3, Set.of("a"), scanned));
            assertEquals(3, scanned.size());
            for (int i = 0; i < 3; i++) {
                assertNull(scanned.get(i).key(), "YCSB's scan returns no keys");
                assertEquals(Set.of("a"), scanned.get(i).fields().keySet());
                assertArrayEquals(new byte[] {(byte) (i + 1)}, scanned.get(i).fields().get("a"));
            }
        }
    }

    @Test
    void calls_nullArguments_badRequestWithoutCallingTheBinding() {
        try (YcsbStore store = open("StatusPerKeyDB"); Session session = store.newSession()) {
            Map<String, byte[]> nullValue = new LinkedHashMap<>();
            nullValue.put("a", null);
            assertEquals(Status.BAD_REQUEST, session.insert("t", null, Map.of("a", new byte[0])));
            assertEquals(Status.BAD_REQUEST, session.insert("t", "k", nullValue));
            assertEquals(Status.BAD_REQUEST, session.read("t", null, null, new HashMap<>()));
            assertEquals(Status.BAD_REQUEST, session.scan("t", "k", -1, null, new ArrayList<>()));
            assertEquals(Set.of(), talliedLabels(store));
        }
    }

    @Test
    void calls_runWithTheBindingsContextLoader_andRestoreTheCallers() {
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        try (YcsbStore store = open("LibraryProbeDB"); Session session = store.newSession()) {
            session.read("t", "k", null, new HashMap<>());
            assertSame(before, Thread.currentThread().getContextClassLoader());
        }
    }

    @Test
    void transactions_ycsbPlusTBinding_startCommitAbortAreTheBindings() {
        try (YcsbStore store = open("LockingTxnDB"); Session session = store.newSession()) {
            assertEquals("start/commit/abort", store.facts().get("txn"));
            assertEquals(Status.OK, session.start());
            session.insert("t3", "kept", Map.of("a", new byte[] {1}));
            assertEquals(Status.OK, session.commit());
            assertEquals(Status.OK, session.start());
            session.insert("t3", "undone", Map.of("a", new byte[] {1}));
            assertEquals(Status.OK, session.abort());

            assertEquals(Status.OK, session.read("t3", "kept", null, new HashMap<>()));
            assertEquals(Status.NOT_FOUND, session.read("t3", "undone", null, new HashMap<>()));
            // start() twice throws in the binding: ERROR, and the session goes on
            assertEquals(Status.OK, session.start());
            assertEquals(Status.ERROR, session.start());
            assertTrue(session.lastFailure().contains("already in a transaction"), session.lastFailure());
            assertEquals(Status.OK, session.abort());
        }
    }

    @Test
    void commit_bindingThrows_aborted() {
        try (YcsbStore store = open("LockingTxnDB", "lockingtxn.failcommits", "1"); Session session = store.newSession()) {
            assertEquals(Status.OK, session.start());
            session.insert("t4", "k", Map.of("a", new byte[] {1}));

            assertEquals(Status.ABORTED, session.commit());

            assertEquals("site.ycsb.DBException: commit refused (every 1th)", session.lastFailure());
            assertEquals(Status.NOT_FOUND, session.read("t4", "k", null, new HashMap<>()));
            assertEquals(1, store.tallied("exceptions"));
        }
    }

    @Test
    void transactions_plainBinding_okWithoutCallingAnything() {
        try (YcsbStore store = open("StatusPerKeyDB"); Session session = store.newSession()) {
            assertEquals("none", store.facts().get("txn"));
            assertEquals(Status.OK, session.start());
            assertEquals(Status.OK, session.commit());
            assertEquals(Status.OK, session.abort());
        }
    }
}
