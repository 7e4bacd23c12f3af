package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreProperties;

class RocksDbImagesTest {
    private static final long SEED = 99L;

    @TempDir
    Path tmp;

    private static void fill(RocksDbStore store, String table, int count, SplittableRandom random) {
        try (Session session = store.newSession()) {
            for (int i = 0; i < count; i++) {
                byte[] value = new byte[random.nextInt(0, 64)];
                random.nextBytes(value);
                assertEquals(Status.OK, session.insert(table, "user" + random.nextInt(1_000_000),
                        Map.of("field0", value, "field1", "x".getBytes(StandardCharsets.UTF_8))));
            }
        }
    }

    /** Changes every kind of content after the image was taken: updates, deletes, inserts, a new table. */
    private static void mutate(RocksDbStore store) {
        try (Session session = store.newSession()) {
            String firstKey = StoreContent.of(store, "usertable").keySet().iterator().next();
            assertEquals(Status.OK, session.update("usertable", firstKey, Map.of("field0", new byte[] {1})));
            String lastKey = StoreContent.of(store, "usertable").keySet().stream().reduce((a, b) -> b).orElseThrow();
            assertEquals(Status.OK, session.delete("usertable", lastKey));
            assertEquals(Status.OK, session.insert("usertable", "zzz-new", Map.of()));
            assertEquals(Status.OK, session.insert("later", "k", Map.of()));
        }
    }

    private static void assertSameContent(Map<String, Map<String, String>> users, Map<String, Map<String, String>> orders,
            RocksDbStore store) {
        assertEquals(users, StoreContent.of(store, "usertable"));
        assertEquals(orders, StoreContent.of(store, "orders"));
        assertTrue(store.isKnownEmpty("later"));
    }

    @Test
    void open_savedImage_exactPriorContentEveryTime() {
        Path image = tmp.resolve("images/loaded");
        SplittableRandom random = new SplittableRandom(SEED);
        Map<String, Map<String, String>> users;
        Map<String, Map<String, String>> orders;
        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.wal", "false")))) {
            fill(store, "usertable", 300, random);
            fill(store, "orders", 40, random);
            users = StoreContent.of(store, "usertable");
            orders = StoreContent.of(store, "orders");
            RocksDbImages.save(store, image);
            mutate(store);
            assertNotEquals(users, StoreContent.of(store, "usertable"));
        }
        for (int reload = 0; reload < 2; reload++) {
            try (RocksDbStore restored = RocksDbImages.open(image, StoreProperties.empty())) {
                assertSameContent(users, orders, restored);
                mutate(restored); // must not reach the image
            }
        }
        Path dir = tmp.resolve("restored");
        try (RocksDbStore restored = RocksDbImages.open(image, StoreProperties.of(Map.of("rocksdb.dir", dir.toString())))) {
            assertSameContent(users, orders, restored);
        }
        assertTrue(Files.exists(dir.resolve("CURRENT")));
    }

    @Test
    void open_dirNotEmpty_configExceptionNamesDir() throws Exception {
        Path image = tmp.resolve("image");
        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.empty())) {
            RocksDbImages.save(store, image);
        }
        Path dir = Files.createDirectories(tmp.resolve("busy"));
        Files.writeString(dir.resolve("something"), "x");
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RocksDbImages.open(image, StoreProperties.of(Map.of("rocksdb.dir", dir.toString()))));
        assertEquals("rocksdb.dir", e.property());
    }

    @Test
    void open_notAnImage_storeException() throws Exception {
        Path notImage = Files.createDirectories(tmp.resolve("empty"));
        StoreException e = assertThrows(StoreException.class, () -> RocksDbImages.open(notImage, StoreProperties.empty()));
        assertTrue(e.getMessage().contains("not a RocksDB checkpoint"), e.getMessage());
    }

    @Test
    void save_targetExists_storeExceptionAndNothingWritten() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("exists"));
        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.empty())) {
            StoreException e = assertThrows(StoreException.class, () -> RocksDbImages.save(store, target));
            assertTrue(e.getMessage().contains("already exists"), e.getMessage());
        }
        try (var entries = Files.list(target)) {
            assertFalse(entries.findAny().isPresent());
        }
    }
}
