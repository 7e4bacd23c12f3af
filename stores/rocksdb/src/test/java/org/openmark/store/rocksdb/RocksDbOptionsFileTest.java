package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.rocksdb.ycsb.YcsbData;
import org.openmark.store.rocksdb.ycsb.YcsbRocksDb;

/** YCSB's {@code rocksdb.optionsfile}: the file's sections are the column families' options, as in YCSB's binding. */
class RocksDbOptionsFileTest {
    /** Values no default has, so the database's own OPTIONS file shows they were applied. */
    private static final String OPTIONS = """
            [Version]
              rocksdb_version=6.2.2
              options_file_version=1.1

            [DBOptions]
              max_background_jobs=3
              create_if_missing=false

            [CFOptions "default"]
              max_write_buffer_number=5

            [TableOptions/BlockBasedTable "default"]
              format_version=4

            [CFOptions "usertable"]
              max_write_buffer_number=7

            [TableOptions/BlockBasedTable "usertable"]
              format_version=4
            """;

    @TempDir
    Path tmp;

    private RocksDbStore open(Path dir, Path optionsFile) {
        return new RocksDbStoreFactory().open(StoreProperties.of(Map.of("rocksdb.dir", dir.toString(),
                "rocksdb.optionsfile", optionsFile.toString())));
    }

    /** The value of {@code option} in the {@code [CFOptions "family"]} section of the database's newest OPTIONS file. */
    private static String familyOption(Path dir, String family, String option) throws Exception {
        Path newest;
        try (var files = Files.list(dir)) {
            newest = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
                    .max(Comparator.comparing(f -> f.getFileName().toString())).orElseThrow();
        }
        String text = Files.readString(newest);
        int section = text.indexOf("[CFOptions \"" + family + "\"]");
        assertTrue(section >= 0, family + " in " + newest);
        Matcher m = Pattern.compile("\\n\\s*" + option + "=(\\S+)").matcher(text);
        assertTrue(m.find(section), option + " in " + newest);
        return m.group(1);
    }

    @Test
    void open_optionsFile_eachFamilyGetsItsSectionOrDefaults() throws Exception {
        Path file = Files.writeString(tmp.resolve("ycsb-rocksdb-options.ini"), OPTIONS);
        Path dir = tmp.resolve("db"); // missing: created although the file says create_if_missing=false
        try (RocksDbStore store = open(dir, file); Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert("usertable", "user1", YcsbData.record("user1", 10, 100)));
            assertEquals(Status.OK, session.insert("orders", "o1", YcsbData.record("o1", 1, 10)));
        }
        assertEquals("7", familyOption(dir, "usertable", "max_write_buffer_number"));
        assertEquals("5", familyOption(dir, "orders", "max_write_buffer_number"));
        assertEquals("5", familyOption(dir, "default", "max_write_buffer_number"));

        try (RocksDbStore reopened = open(dir, file)) {
            assertEquals(1, StoreContent.of(reopened, "orders").size());
        }
        try (YcsbRocksDb ycsb = YcsbRocksDb.open(dir)) {
            assertEquals(1, ycsb.records("usertable").size());
        }
    }

    @Test
    void open_optionsFileMissing_configExceptionNamesIt() {
        Path missing = tmp.resolve("nope.ini");
        Path dir = tmp.resolve("db");
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> open(dir, missing));
        assertEquals("rocksdb.optionsfile", e.property());
        assertTrue(e.getMessage().startsWith("rocksdb.optionsfile=" + missing + ": no such file"), e.getMessage());
        assertFalse(Files.exists(dir), "nothing created");
    }

    @Test
    void open_notAnOptionsFile_configExceptionWithRocksDbsReason() throws Exception {
        Path file = Files.writeString(tmp.resolve("bad.ini"), "[DBOptions]\n  no_such_option=1\n");
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> open(tmp.resolve("db"), file));
        assertEquals("rocksdb.optionsfile", e.property());
        assertTrue(e.getMessage().contains("is not a RocksDB options file this RocksDB"), e.getMessage());
    }
}
