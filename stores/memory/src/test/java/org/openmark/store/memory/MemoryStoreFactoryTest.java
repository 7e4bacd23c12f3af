package org.openmark.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

class MemoryStoreFactoryTest {

    @Test
    void serviceLoader_lists_memory() {
        Set<String> names = ServiceLoader.load(StoreFactory.class).stream()
                .map(p -> p.get().name()).collect(Collectors.toSet());
        assertTrue(names.contains("memory"), names.toString());
    }

    @Test
    void propertyNames_none() {
        assertEquals(Set.of(), new MemoryStoreFactory().propertyNames());
    }

    @Test
    void open_twice_storesDoNotShareData() {
        MemoryStoreFactory factory = new MemoryStoreFactory();
        try (MemoryStore first = factory.open(StoreProperties.empty());
                MemoryStore second = factory.open(StoreProperties.empty());
                Session s1 = first.newSession();
                Session s2 = second.newSession()) {
            assertEquals(Status.OK, s1.insert("t", "k", Map.of("f", new byte[] {1})));
            assertEquals(Status.NOT_FOUND, s2.read("t", "k", null, new HashMap<>()));
        }
    }

    @Test
    void sessions_sameStore_seeEachOthersWrites() {
        try (MemoryStore store = new MemoryStoreFactory().open(StoreProperties.empty());
                Session writer = store.newSession();
                Session reader = store.newSession()) {
            writer.insert("t", "k", Map.of("f", new byte[] {1}));
            Map<String, byte[]> result = new HashMap<>();
            assertEquals(Status.OK, reader.read("t", "k", null, result));
            assertEquals(1, result.get("f")[0]);
        }
    }
}
