package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.rocksdb.RocksDB;

class RocksDbStoreTest {
    @TempDir
    Path tmp;

    private static RocksDbStore open(Map<String, String> properties) {
        return new RocksDbStoreFactory().open(StoreProperties.of(properties));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void insertRows(RocksDbStore store, String table, int count) {
        try (Session session = store.newSession()) {
            for (int i = 0; i < count; i++) {
                assertEquals(Status.OK, session.insert(table, String.format("user%04d", i),
                        Map.of("field0", bytes("value-" + i + "-".repeat(50)))));
            }
        }
    }

    @Test
    void facts_version_isTheLoadedLibrarys() {
        try (RocksDbStore store = open(Map.of())) {
            String version = store.facts().get("version");

            assertEquals(RocksDB.rocksdbVersion().toString(), version);
            assertTrue(version.matches("\\d+\\.\\d+\\.\\d+"), version);
        }
    }

    @Test
    void serviceLoader_listsRocksdb() {
        Set<String> names = ServiceLoader.load(StoreFactory.class).stream()
                .map(p -> p.get().name()).collect(Collectors.toSet());
        assertTrue(names.contains("rocksdb"), names.toString());
    }

    @Test
    void close_dirUnset_temporaryDirectoryDeleted() {
        RocksDbStore store = open(Map.of());
        Path dir = store.directory();
        insertRows(store, "usertable", 10);
        assertTrue(Files.isDirectory(dir));
        store.close();
        assertFalse(Files.exists(dir), dir + " should be gone");
    }

    @Test
    void reopen_dirSet_dataOfEveryTableKept() {
        Path dir = tmp.resolve("nested/db");
        Map<String, Map<String, String>> users;
        Map<String, Map<String, String>> orders;
        try (RocksDbStore store = open(Map.of("rocksdb.dir", dir.toString()))) {
            insertRows(store, "usertable", 50);
            insertRows(store, "orders", 5);
            users = StoreContent.of(store, "usertable");
            orders = StoreContent.of(store, "orders");
        }
        assertTrue(Files.isDirectory(dir));
        try (RocksDbStore reopened = open(Map.of("rocksdb.dir", dir.toString()))) {
            assertEquals(50, users.size());
            assertEquals(users, StoreContent.of(reopened, "usertable"));
            assertEquals(orders, StoreContent.of(reopened, "orders"));
            assertFalse(reopened.isKnownEmpty("usertable"));
            assertTrue(reopened.isKnownEmpty("never"));
        }
    }

    @Test
    void reopen_walDisabled_dataFlushedOnClose() {
        Path dir = tmp.resolve("db");
        Map<String, Map<String, String>> before;
        try (RocksDbStore store = open(Map.of("rocksdb.dir", dir.toString(), "rocksdb.wal", "false"))) {
            insertRows(store, "usertable", 20);
            before = StoreContent.of(store, "usertable");
        }
        try (RocksDbStore reopened = open(Map.of("rocksdb.dir", dir.toString()))) {
            assertEquals(before, StoreContent.of(reopened, "usertable"));
        }
    }

    @ParameterizedTest
    @EnumSource(RocksDbCompression.class)
    void reopen_eachCompression_readsBackWhatWasWritten(RocksDbCompression compression) {
        Map<String, String> props = Map.of("rocksdb.dir", tmp.resolve("db").toString(),
                "rocksdb.compression", compression.propertyValue(), "rocksdb.cachesize", "0");
        Map<String, Map<String, String>> before;
        try (RocksDbStore store = open(props)) {
            insertRows(store, "usertable", 30);
            before = StoreContent.of(store, "usertable");
        }
        // Reopening replays the WAL into an SST file, so the data is read back through the compression.
        try (RocksDbStore reopened = open(props)) {
            assertEquals(before, StoreContent.of(reopened, "usertable"));
        }
    }

    @Test
    void open_syncWrites_work() {
        try (RocksDbStore store = open(Map.of("rocksdb.sync", "true"));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert("t", "k", Map.of("f", bytes("v"))));
            Map<String, byte[]> result = new HashMap<>();
            assertEquals(Status.OK, session.read("t", "k", null, result));
            assertArrayEquals(bytes("v"), result.get("f"));
        }
    }

    @Test
    void open_dirIsAFile_storeExceptionNamesProperty() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "not a directory");
        StoreException e = assertThrows(StoreException.class, () -> open(Map.of("rocksdb.dir", file.toString())));
        assertEquals("rocksdb.dir=" + file + ": exists and is not a directory", e.getMessage());
    }

    @Test
    void open_dirInUse_storeExceptionNamesProperty() {
        Path dir = tmp.resolve("db");
        try (RocksDbStore first = open(Map.of("rocksdb.dir", dir.toString()))) {
            StoreException e = assertThrows(StoreException.class, () -> open(Map.of("rocksdb.dir", dir.toString())));
            assertTrue(e.getMessage().contains("rocksdb.dir=" + dir), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("lock"), e.getMessage());
            insertRows(first, "usertable", 1);
        }
    }

    @Test
    void session_afterStoreClosed_errorNotCrash() {
        RocksDbStore store = open(Map.of());
        insertRows(store, "usertable", 3);
        Session session = store.newSession();
        store.close();
        store.close();
        assertEquals(Status.ERROR, session.read("usertable", "user0001", null, new HashMap<>()));
        assertEquals(Status.ERROR, session.scan("usertable", "", 10, null, new ArrayList<>()));
        assertEquals(Status.ERROR, session.insert("usertable", "k", Map.of()));
        assertEquals(Status.ERROR, session.update("usertable", "user0001", Map.of()));
        assertEquals(Status.ERROR, session.delete("usertable", "user0001"));
        assertFalse(store.isKnownEmpty("usertable"));
        assertEquals(Status.ERROR, store.newSession().read("usertable", "user0001", null, new HashMap<>()));
    }

    @Test
    void scan_keysOrderedAsUnsignedUtf8Bytes() {
        try (RocksDbStore store = open(Map.of()); Session session = store.newSession()) {
            for (String key : new String[] {"b", "a", "\u00e9", "B", "ab"}) {
                session.insert("t", key, Map.of());
            }
            var records = new ArrayList<org.openmark.api.Record>();
            session.scan("t", "", 10, null, records);
            assertEquals(java.util.List.of("B", "a", "ab", "b", "\u00e9"),
                    records.stream().map(org.openmark.api.Record::key).toList());
        }
    }
}
