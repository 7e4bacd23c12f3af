package org.openmark.store.rocksdb;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The rocksdb store's settings, validated once from its properties. All defaults live here.
 *
 * @param dir the database directory, or {@code null} for a fresh temporary one deleted on close
 * @param optionsFile a RocksDB options file (YCSB's {@code rocksdb.optionsfile}) that sets the
 *     database's and the column families' options, or {@code null} for openmark's
 * @param sync whether every write waits for the WAL to reach the disk (fsync)
 * @param wal whether writes go to the write-ahead log at all
 * @param blockCacheBytes the LRU block cache's capacity; 0 disables the block cache
 * @param compression the block compression of every table
 */
public record RocksDbConfig(Path dir, Path optionsFile, boolean sync, boolean wal, long blockCacheBytes,
        RocksDbCompression compression) {
    /** The same name as YCSB's RocksDBClient's. */
    public static final String DIR = "rocksdb.dir";
    /** YCSB's RocksDBClient's name: a RocksDB OPTIONS file. */
    public static final String OPTIONS_FILE = "rocksdb.optionsfile";
    public static final String SYNC = "rocksdb.sync";
    public static final String WAL = "rocksdb.wal";
    public static final String CACHE_SIZE = "rocksdb.cachesize";
    public static final String COMPRESSION = "rocksdb.compression";
    /** Every property the store reads. */
    public static final Set<String> PROPERTY_NAMES = Set.of(DIR, OPTIONS_FILE, SYNC, WAL, CACHE_SIZE,
            COMPRESSION);

    public static final boolean DEFAULT_SYNC = false;
    public static final boolean DEFAULT_WAL = true;
    public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;
    public static final RocksDbCompression DEFAULT_COMPRESSION = RocksDbCompression.LZ4;

    /** Validates and resolves the properties; the exception names the offending property. */
    public static RocksDbConfig from(StoreProperties properties) {
        Path dir = parsePath(DIR, properties.get(DIR), "a directory path (leave it unset for a temporary one)");
        Path optionsFile = parsePath(OPTIONS_FILE, properties.get(OPTIONS_FILE), "the path of a RocksDB options file");
        if (optionsFile != null) {
            refuseBeside(properties, CACHE_SIZE, "its block cache");
            refuseBeside(properties, COMPRESSION, "its compression");
        }
        boolean sync = properties.getBoolean(SYNC, DEFAULT_SYNC);
        boolean wal = properties.getBoolean(WAL, DEFAULT_WAL);
        if (sync && !wal) {
            throw new StoreConfigException(SYNC, properties.get(SYNC),
                    "needs " + WAL + "=true (a synchronous write waits for the write-ahead log)");
        }
        long cacheBytes = properties.getLong(CACHE_SIZE, DEFAULT_BLOCK_CACHE_BYTES);
        if (cacheBytes < 0) {
            throw new StoreConfigException(CACHE_SIZE, properties.get(CACHE_SIZE),
                    "must be a number of bytes >= 0 (0 disables the block cache)");
        }
        String compression = properties.get(COMPRESSION);
        return new RocksDbConfig(dir, optionsFile, sync, wal, cacheBytes,
                compression == null ? DEFAULT_COMPRESSION : RocksDbCompression.parse(COMPRESSION, compression));
    }

    /** An options file sets every column family's table options and compression, so two sources would disagree. */
    private static void refuseBeside(StoreProperties properties, String property, String what) {
        if (properties.contains(property)) {
            throw new StoreConfigException(property, properties.get(property), "cannot be combined with " + OPTIONS_FILE
                    + ", which sets every column family's options, " + what + " among them: set it in the options file"
                    + " (or drop " + OPTIONS_FILE + ")");
        }
    }

    private static Path parsePath(String property, String value, String what) {
        if (value == null) {
            return null;
        }
        if (value.isBlank()) {
            throw new StoreConfigException(property, value, "must be " + what);
        }
        try {
            return Path.of(value.trim());
        } catch (InvalidPathException e) {
            throw new StoreConfigException(property, value, "must be " + what + " (" + e.getReason() + ")");
        }
    }
}
