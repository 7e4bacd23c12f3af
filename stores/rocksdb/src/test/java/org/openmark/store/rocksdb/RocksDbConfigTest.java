package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

class RocksDbConfigTest {

    private static RocksDbConfig config(Map<String, String> values) {
        return RocksDbConfig.from(StoreProperties.of(values));
    }

    @Test
    void from_noProperties_documentedDefaults() {
        RocksDbConfig c = config(Map.of());
        assertNull(c.dir());
        assertEquals(false, c.sync());
        assertEquals(true, c.wal());
        assertEquals(64L * 1024 * 1024, c.blockCacheBytes());
        assertEquals(RocksDbCompression.LZ4, c.compression());
    }

    @Test
    void from_everyPropertySet_parsed() {
        RocksDbConfig c = config(Map.of("rocksdb.dir", "/tmp/x", "rocksdb.sync", "true", "rocksdb.wal", "TRUE",
                "rocksdb.cachesize", "0", "rocksdb.compression", "ZStd"));
        assertEquals(Path.of("/tmp/x"), c.dir());
        assertTrue(c.sync());
        assertTrue(c.wal());
        assertEquals(0, c.blockCacheBytes());
        assertEquals(RocksDbCompression.ZSTD, c.compression());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rocksdb.sync|maybe|must be true or false",
        "rocksdb.wal|no|must be true or false",
        "rocksdb.cachesize|-1|>= 0",
        "rocksdb.cachesize|64MB|must be a whole number",
        "rocksdb.compression|gzip|must be one of none, lz4, snappy, zstd",
        "rocksdb.dir|'  '|must be a directory path",
        "rocksdb.optionsfile|' '|must be the path of a RocksDB options file",
    })
    void from_badValue_exceptionNamesPropertyValueAndRule(String property, String value, String rule) {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> config(Map.of(property, value)));
        assertEquals(property, e.property());
        assertTrue(e.getMessage().startsWith(property + "=" + value + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(rule), e.getMessage());
    }

    @Test
    void from_syncWithoutWal_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> config(Map.of("rocksdb.sync", "true", "rocksdb.wal", "false")));
        assertEquals("rocksdb.sync", e.property());
        assertTrue(e.getMessage().contains("rocksdb.wal=true"), e.getMessage());
    }

    @Test
    void propertyNames_listsEveryProperty() {
        assertEquals(java.util.Set.of("rocksdb.dir", "rocksdb.optionsfile", "rocksdb.sync", "rocksdb.wal",
                "rocksdb.cachesize", "rocksdb.compression"), new RocksDbStoreFactory().propertyNames());
    }

    @Test
    void from_optionsFile_parsedAndNothingElseChanged() {
        RocksDbConfig c = config(Map.of("rocksdb.optionsfile", "ycsb-rocksdb-options.ini", "rocksdb.sync", "true"));
        assertEquals(Path.of("ycsb-rocksdb-options.ini"), c.optionsFile());
        assertTrue(c.sync());
        assertNull(config(Map.of()).optionsFile());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"rocksdb.compression|zstd|its compression", "rocksdb.cachesize|0|its block cache"})
    void from_optionsFileAndATableOption_refusedNamingTheTableOption(String property, String value, String what) {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> config(Map.of("rocksdb.optionsfile", "o.ini", property, value)));
        assertEquals(property, e.property());
        assertEquals(property + "=" + value + ": cannot be combined with rocksdb.optionsfile, which sets every column"
                + " family's options, " + what + " among them: set it in the options file (or drop rocksdb.optionsfile)",
                e.getMessage());
    }
}
