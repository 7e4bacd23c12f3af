package org.openmark.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.StoreConfigException;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.ChecksumType;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.OptionsUtil;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The native option objects built from a {@link RocksDbConfig}. Without an options file,
 * everything not configurable keeps RocksDB's defaults except the table format (see
 * {@link #YCSB_READABLE_FORMAT_VERSION}). With one ({@code rocksdb.optionsfile}), the file's
 * options are used as they are, as YCSB's binding uses them: each column family it names gets its
 * section, every other one the {@code default} family's; openmark only makes sure a missing
 * directory and missing families are created. Closed after the database.
 */
final class RocksDbOptions implements AutoCloseable {
    /**
     * The newest SST format YCSB's RocksDB (rocksdbjni 6.2.2, in YCSB 0.17 and its master) reads;
     * RocksDB 11's default (7) makes it fail with "Unknown Footer version". Formats 5 to 7 add a
     * faster Bloom filter (openmark sets no filter), block context checksums and compression-type
     * names, so the measured read and write paths stay those of RocksDB 11 otherwise.
     */
    static final int YCSB_READABLE_FORMAT_VERSION = 4;
    /** RocksDB 11's default checksum (XXH3) is unknown to RocksDB 6.2.2; CRC32c is hardware-assisted. */
    static final ChecksumType YCSB_READABLE_CHECKSUM = ChecksumType.kCRC32c;

    final DBOptions database;
    final WriteOptions write;
    final ReadOptions read;
    /** A new table's options: openmark's, or the options file's {@code default} section's. */
    private final ColumnFamilyOptions newFamily;
    /** The options file's sections by column family name; empty without an options file. */
    private final Map<String, ColumnFamilyOptions> fileFamilies;
    private final Cache blockCache;

    private RocksDbOptions(DBOptions database, ColumnFamilyOptions newFamily, Map<String, ColumnFamilyOptions> fileFamilies,
            Cache blockCache, RocksDbConfig config) {
        this.database = database.setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        this.newFamily = newFamily;
        this.fileFamilies = fileFamilies;
        this.blockCache = blockCache;
        write = new WriteOptions().setSync(config.sync()).setDisableWAL(!config.wal());
        read = new ReadOptions();
    }

    /**
     * The options the configuration names.
     *
     * @throws StoreConfigException when the options file cannot be read or parsed (names {@code rocksdb.optionsfile})
     */
    static RocksDbOptions of(RocksDbConfig config) {
        RocksDB.loadLibrary();
        return config.optionsFile() == null ? openmarks(config) : fromFile(config);
    }

    private static RocksDbOptions openmarks(RocksDbConfig config) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFormatVersion(YCSB_READABLE_FORMAT_VERSION)
                .setChecksumType(YCSB_READABLE_CHECKSUM);
        Cache cache = null;
        if (config.blockCacheBytes() > 0) {
            cache = new LRUCache(config.blockCacheBytes());
            table.setBlockCache(cache);
        } else {
            table.setNoBlockCache(true);
        }
        ColumnFamilyOptions family = new ColumnFamilyOptions()
                .setCompressionType(config.compression().nativeType())
                .setTableFormatConfig(table);
        return new RocksDbOptions(new DBOptions(), family, Map.of(), cache, config);
    }

    private static RocksDbOptions fromFile(RocksDbConfig config) {
        String path = config.optionsFile().toString();
        if (!Files.isRegularFile(config.optionsFile())) {
            throw new StoreConfigException(RocksDbConfig.OPTIONS_FILE, path, "no such file: give the path of a RocksDB"
                    + " options file (an OPTIONS-… file from a database directory, or one written in its format)");
        }
        DBOptions database = new DBOptions();
        List<ColumnFamilyDescriptor> sections = new ArrayList<>();
        try (ConfigOptions parsing = new ConfigOptions()) {
            OptionsUtil.loadOptionsFromFile(parsing, config.optionsFile().toAbsolutePath().toString(), database, sections);
        } catch (RocksDBException e) {
            database.close();
            sections.forEach(s -> s.getOptions().close());
            throw new StoreConfigException(RocksDbConfig.OPTIONS_FILE, path, "is not a RocksDB options file this RocksDB ("
                    + RocksDB.rocksdbVersion() + ") accepts: " + e.getMessage());
        }
        Map<String, ColumnFamilyOptions> families = new HashMap<>();
        for (ColumnFamilyDescriptor section : sections) {
            families.put(new String(section.getName(), StandardCharsets.UTF_8), section.getOptions());
        }
        ColumnFamilyOptions fallback = families.get("default");
        if (fallback == null) { // RocksDB refuses such a file itself; kept so no table ever gets null options
            database.close();
            families.values().forEach(ColumnFamilyOptions::close);
            throw new StoreConfigException(RocksDbConfig.OPTIONS_FILE, path, "has no [CFOptions \"default\"] section;"
                    + " RocksDB needs one (openmark gives its options to every table the file does not name)");
        }
        return new RocksDbOptions(database, fallback, families, null, config);
    }

    /** The options of the column family {@code name}. */
    ColumnFamilyOptions family(String name) {
        return fileFamilies.getOrDefault(name, newFamily);
    }

    /** The options of the column family {@code name} (its UTF-8 bytes). */
    ColumnFamilyOptions family(byte[] name) {
        return family(new String(name, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        write.close();
        read.close();
        newFamily.close();
        fileFamilies.values().forEach(ColumnFamilyOptions::close);
        database.close();
        if (blockCache != null) {
            blockCache.close();
        }
    }
}
