package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreImage;
import org.openmark.api.StoreProperties;
import org.openmark.run.Phase;
import org.openmark.store.rocksdb.ycsb.YcsbData;
import org.openmark.store.rocksdb.ycsb.YcsbRocksDb;
import org.openmark.store.rocksdb.ycsb.YcsbRocksDbProcess;

/**
 * One layout with YCSB's RocksDBClient: a directory YCSB's binding loaded (written here with the plain
 * RocksDB API as the binding writes it, on openmark's RocksDB and on YCSB's own 6.2.2 in a child JVM)
 * is read by openmark's workload with data integrity, every operation OK; a directory openmark loaded
 * is opened the way the binding opens it (only the families in CF_NAMES) and every record decodes
 * under YCSB's encoding and verifies.
 */
class YcsbLayoutTest {
    private static final int RECORDS = 400;
    private static final int FIELDS = 10;
    private static final int LENGTH = 100;
    private static final int OPERATIONS = 3000;

    @TempDir
    Path tmp;

    private static Map<String, String> workload(Path dir) {
        Map<String, String> p = new HashMap<>();
        p.put("rocksdb.dir", dir.toString());
        p.put("recordcount", Integer.toString(RECORDS));
        p.put("operationcount", Integer.toString(OPERATIONS));
        p.put("fieldcount", Integer.toString(FIELDS));
        p.put("fieldlength", Integer.toString(LENGTH));
        p.put("dataintegrity", "true");
        p.put("readproportion", "0.5");
        p.put("updateproportion", "0.2");
        p.put("scanproportion", "0.1");
        p.put("readmodifywriteproportion", "0.2");
        p.put("insertproportion", "0");
        p.put("maxscanlength", "20");
        p.put("requestdistribution", "zipfian");
        p.put("model", "closed");
        p.put("threadcount", "2");
        p.put("seed", "11");
        return p;
    }

    /** Every record the workload loads, each field its data-integrity value. */
    private static void assertYcsbRecords(Map<String, Map<String, byte[]>> records) {
        Set<String> keys = new TreeSet<>();
        for (int i = 0; i < RECORDS; i++) {
            keys.add(YcsbData.key(i));
        }
        assertEquals(RECORDS, records.size(), "records read as YCSB's binding reads them");
        assertEquals(keys, records.keySet());
        records.forEach((key, fields) -> {
            assertEquals(FIELDS, fields.size(), key);
            fields.forEach((name, value) -> assertArrayEquals(YcsbData.value(key, name, LENGTH), value, key + "/" + name));
        });
    }

    private static void loadAsYcsb(Path dir) throws Exception {
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) {
            for (int i = 0; i < RECORDS; i++) {
                String key = YcsbData.key(i);
                ycsb.insert("usertable", key, YcsbData.record(key, FIELDS, LENGTH));
                if (i == RECORDS / 2) {
                    ycsb.flush("usertable"); // half in an SST file, half in the write-ahead log
                }
            }
        }
    }

    @Test
    void run_directoryYcsbLoaded_everyOperationOkAndYcsbStillReadsIt() throws Exception {
        Path dir = tmp.resolve("ycsb");
        loadAsYcsb(dir);

        Harness.assertAllOk(Harness.run(Phase.RUN, workload(dir)), OPERATIONS);
        Harness.assertAllOk(Harness.run(Phase.RUN, workload(dir)), OPERATIONS); // a second time: as openmark left it

        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) {
            assertYcsbRecords(ycsb.records("usertable"));
        }
    }

    @Test
    void run_directoryYcsbsRocksDbLoaded_everyOperationOkAndYcsbsRocksDbReadsItBack() {
        Path dir = tmp.resolve("ycsb-6.2.2");
        YcsbRocksDbProcess.load(dir, "usertable", RECORDS, FIELDS, LENGTH);

        Harness.assertAllOk(Harness.run(Phase.RUN, workload(dir)), OPERATIONS);

        assertYcsbRecords(YcsbRocksDbProcess.records(dir, "usertable"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void load_thenOpenedAsYcsbOpensIt_everyRecordDecodesAndVerifies(boolean wal) throws Exception {
        Path dir = tmp.resolve("openmark");
        Map<String, String> p = workload(dir);
        p.put("rocksdb.wal", Boolean.toString(wal)); // without the WAL, closing flushes: the records are in SST files
        Harness.assertAllOk(Harness.run(Phase.LOAD, p), RECORDS);
        Harness.assertAllOk(Harness.run(Phase.RUN, p), OPERATIONS);

        assertEquals("default\nusertable\n", Files.readString(dir.resolve("CF_NAMES")));
        assertYcsbRecords(YcsbRocksDbProcess.records(dir, "usertable")); // YCSB's RocksDB 6.2.2
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) { // the same calls on openmark's RocksDB
            assertYcsbRecords(ycsb.records("usertable"));
        }
    }

    @Test
    void insert_newTable_cfNamesListsItBeforeTheStoreCloses() throws Exception {
        Path dir = tmp.resolve("db");
        Path crashed = tmp.resolve("crashed");
        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString())));
                Session session = store.newSession()) {
            assertEquals("default\n", Files.readString(dir.resolve("CF_NAMES")));
            assertEquals(Status.OK, session.insert("usertable", "user1", YcsbData.record("user1", 2, 10)));
            assertEquals(Status.OK, session.insert("orders", "o1", Map.of("f", new byte[] {0, (byte) 0xFF})));
            assertEquals("default\norders\nusertable\n", Files.readString(dir.resolve("CF_NAMES")));
            // the files as a killed process leaves them: no close, nothing flushed
            Files.createDirectories(crashed);
            try (var files = Files.list(dir)) {
                for (Path f : files.filter(f -> !f.getFileName().toString().equals("LOCK")).toList()) {
                    Files.copy(f, crashed.resolve(f.getFileName()));
                }
            }
        }
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(crashed)) {
            assertEquals(Set.of("user1"), ycsb.records("usertable").keySet());
            assertArrayEquals(new byte[] {0, (byte) 0xFF}, ycsb.records("orders").get("o1").get("f"));
        }
    }

    @Test
    void open_ycsbKilledBeforeListingATable_opensAndListsEveryTable() throws Exception {
        Path dir = tmp.resolve("ycsb");
        loadAsYcsb(dir);
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) {
            ycsb.insert("orders", "o1", Map.of("f", "v".getBytes(StandardCharsets.UTF_8)));
        }
        Files.writeString(dir.resolve("CF_NAMES"), "default\nusertable\n"); // "orders" not listed: YCSB cannot open it

        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString())))) {
            assertEquals(RECORDS, StoreContent.of(store, "usertable").size());
        }

        assertEquals("default\norders\nusertable\n", Files.readString(dir.resolve("CF_NAMES")));
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) {
            assertEquals(Set.of("o1"), ycsb.records("orders").keySet());
        }
    }

    @Test
    void saveImage_directoryAndImageBothOpenAsYcsbOpensThem() throws Exception {
        Path dir = tmp.resolve("db");
        RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString())));
        try (Session session = store.newSession()) {
            for (int i = 0; i < RECORDS; i++) {
                String key = YcsbData.key(i);
                assertEquals(Status.OK, session.insert("usertable", key, YcsbData.record(key, FIELDS, LENGTH)));
            }
            StoreImage image = store.saveImage();
            Path checkpoint = ((RocksDbImage) image).checkpoint();
            assertEquals(List.of("default", "usertable"), Files.readAllLines(checkpoint.resolve("CF_NAMES")));
            try (YcsbRocksDb ycsb = YcsbRocksDb.open(checkpoint)) {
                assertYcsbRecords(ycsb.records("usertable"));
            }
            store.restoreImage(image);
        } finally {
            store.close();
        }
        try (var entries = Files.list(dir)) {
            assertEquals(List.of(), entries.filter(Files::isDirectory).toList(), "nothing but RocksDB's files and CF_NAMES");
        }
        assertYcsbRecords(YcsbRocksDbProcess.records(dir, "usertable"));
    }
}
