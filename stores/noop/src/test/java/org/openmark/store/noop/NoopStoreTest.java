package org.openmark.store.noop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

class NoopStoreTest {
    private final Store store = new NoopStoreFactory().open(StoreProperties.empty());

    @Test
    void everyCall_okAndResultsUntouched() {
        Session session = store.newSession();
        Map<String, byte[]> fields = new HashMap<>();
        List<Record> records = new ArrayList<>();
        assertEquals(Status.OK, session.insert("t", "k", Map.of("f", new byte[] {1})));
        assertEquals(Status.OK, session.read("t", "k", null, fields));
        assertEquals(Status.OK, session.read("t", "never-written", Set.of("f"), fields));
        assertEquals(Status.OK, session.scan("t", "k", 10, null, records));
        assertEquals(Status.OK, session.update("t", "k", Map.of()));
        assertEquals(Status.OK, session.delete("t", "k"));
        assertEquals(Status.OK, session.delete("t", "k"));
        assertEquals(Status.OK, session.start());
        assertEquals(Status.OK, session.commit());
        assertTrue(fields.isEmpty());
        assertTrue(records.isEmpty());
    }

    @Test
    void isKnownEmpty_false_becauseReadsPretendRecordsExist() {
        assertFalse(store.isKnownEmpty("usertable"));
    }

    @Test
    void keepsWrites_false_soNothingWrittenIsReadBack() {
        assertFalse(new NoopStoreFactory().keepsWrites());
    }

    @Test
    void propertyNames_none() {
        assertEquals(Set.of(), new NoopStoreFactory().propertyNames());
        assertEquals("noop", new NoopStoreFactory().name());
    }

    @Test
    void serviceLoader_lists_noop() {
        Set<String> names = ServiceLoader.load(StoreFactory.class).stream()
                .map(p -> p.get().name()).collect(Collectors.toSet());
        assertTrue(names.contains("noop"), names.toString());
    }
}
