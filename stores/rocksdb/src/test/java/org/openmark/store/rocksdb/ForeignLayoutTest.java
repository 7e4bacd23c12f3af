package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.rocksdb.ycsb.YcsbData;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;

/**
 * A directory in a layout the store does not write is refused at open, naming it and what it holds,
 * and nothing in it changes: openmark's earlier record encoding, a directory that is no RocksDB
 * database, and a RocksDB database of another application.
 */
class ForeignLayoutTest {
    @TempDir
    Path tmp;

    /** Writes {@code records} into column family {@code family} with the plain RocksDB API, half flushed. */
    private static void writeRocksDb(Path dir, String family, Map<byte[], byte[]> records) throws Exception {
        RocksDB.loadLibrary();
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
                ColumnFamilyOptions cf = new ColumnFamilyOptions()) {
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>(List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf)));
            if (!family.equals("default")) {
                descriptors.add(new ColumnFamilyDescriptor(family.getBytes(StandardCharsets.UTF_8), cf));
            }
            try (RocksDB db = RocksDB.open(options, dir.toString(), descriptors, handles)) {
                ColumnFamilyHandle handle = handles.get(handles.size() - 1);
                int n = 0;
                for (Map.Entry<byte[], byte[]> record : records.entrySet()) {
                    db.put(handle, record.getKey(), record.getValue());
                    if (++n == records.size() / 2) {
                        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                            db.flush(flush, handle);
                        }
                    }
                }
                handles.forEach(ColumnFamilyHandle::close);
            }
        }
    }

    /** A record in openmark's earlier encoding: a field count, then varint lengths before each name and value. */
    private static byte[] earlierEncoding(Map<String, byte[]> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, fields.size());
        fields.forEach((name, value) -> {
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            writeVarint(out, nameBytes.length);
            out.writeBytes(nameBytes);
            writeVarint(out, value.length);
            out.writeBytes(value);
        });
        return out.toByteArray();
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        while ((value & ~0x7F) != 0) {
            out.write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }

    /** Opening {@code dir} is refused naming rocksdb.dir and the directory; nothing in it changed. */
    private static StoreConfigException assertRefusedUnchanged(Path dir) {
        Map<String, String> before = DirectorySnapshot.of(dir);
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString()))));
        assertEquals("rocksdb.dir", e.property());
        assertTrue(e.getMessage().startsWith("rocksdb.dir=" + dir + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("nothing was written there"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals(before, DirectorySnapshot.of(dir));
        return e;
    }

    @Test
    void open_openmarksEarlierEncoding_refusedAndUnchanged() throws Exception {
        Path dir = tmp.resolve("earlier");
        Map<byte[], byte[]> records = new LinkedHashMap<>();
        for (int i = 0; i < 100; i++) {
            String key = YcsbData.key(i);
            records.put(key.getBytes(StandardCharsets.UTF_8), earlierEncoding(YcsbData.record(key, 10, 100)));
        }
        writeRocksDb(dir, "usertable", records);

        StoreConfigException e = assertRefusedUnchanged(dir);

        assertTrue(e.getMessage().contains("openmark's earlier RocksDB encoding (column family 'usertable', key 'user"),
                e.getMessage());
        assertTrue(e.getMessage().contains("load the data again into a new rocksdb.dir"), e.getMessage());
    }

    @Test
    void open_earlierEncodingEmptyRecords_refused() throws Exception {
        Path dir = tmp.resolve("earlier-empty");
        writeRocksDb(dir, "usertable", Map.of("k".getBytes(StandardCharsets.UTF_8), earlierEncoding(Map.of())));

        assertTrue(assertRefusedUnchanged(dir).getMessage().contains("earlier"));
    }

    @Test
    void open_directoryWithOtherFiles_refusedAndUnchanged() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        Files.createDirectories(dir.resolve("photos"));

        StoreConfigException e = assertRefusedUnchanged(dir);

        assertTrue(e.getMessage().contains("holds no RocksDB database (no CURRENT file; it holds notes.txt, photos)"),
                e.getMessage());
    }

    @Test
    void open_anotherApplicationsRocksDb_refusedAndUnchanged() throws Exception {
        Path dir = tmp.resolve("other-app");
        writeRocksDb(dir, "default", Map.of("config".getBytes(StandardCharsets.UTF_8), "{\"a\": 1}".getBytes(StandardCharsets.UTF_8)));

        StoreConfigException e = assertRefusedUnchanged(dir);

        assertTrue(e.getMessage().contains("not in YCSB's RocksDBClient layout, the only one openmark reads and writes"
                + " (column family 'default', key 'config': length"), e.getMessage());
    }

    @Test
    void open_keysNotUtf8_refusedAndUnchanged() throws Exception {
        Path dir = tmp.resolve("binary-keys");
        writeRocksDb(dir, "usertable", Map.of(new byte[] {(byte) 0xC3, 0x28}, new byte[0]));

        StoreConfigException e = assertRefusedUnchanged(dir);

        assertTrue(e.getMessage().contains("key 0xc328: the key is not UTF-8"), e.getMessage());
    }

    @Test
    void open_ycsbRecordsInEveryFamily_opens() throws Exception {
        Path dir = tmp.resolve("ycsb");
        Map<byte[], byte[]> records = new LinkedHashMap<>();
        records.put("empty".getBytes(StandardCharsets.UTF_8), new byte[0]); // a record of no fields is an empty value
        records.put("user1".getBytes(StandardCharsets.UTF_8),
                org.openmark.store.rocksdb.ycsb.YcsbRocksDb.encode(YcsbData.record("user1", 3, 5)));
        writeRocksDb(dir, "usertable", records);

        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString())))) {
            assertEquals(2, StoreContent.of(store, "usertable").size());
        }
    }
}
