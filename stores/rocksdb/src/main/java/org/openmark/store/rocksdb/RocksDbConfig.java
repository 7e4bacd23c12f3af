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
 * @param sync whether every write waits for the WAL to reach the disk (fsync)
 * @param wal whether writes go to the write-ahead log at all
 * @param blockCacheBytes the LRU block cache's capacity; 0 disables the block cache
 * @param compression the block compression of every table
 */
public record RocksDbConfig(Path dir, boolean sync, boolean wal, long blockCacheBytes,
        RocksDbCompression compression) {
    public static final String DIR = "rocksdb.dir";
    public static final String SYNC = "rocksdb.sync";
    public static final String WAL = "rocksdb.wal";
    public static final String CACHE_SIZE = "rocksdb.cachesize";
    public static final String COMPRESSION = "rocksdb.compression";
    /** Every property the store reads. */
    public static final Set<String> PROPERTY_NAMES = Set.of(DIR, SYNC, WAL, CACHE_SIZE, COMPRESSION);

    public static final boolean DEFAULT_SYNC = false;
    public static final boolean DEFAULT_WAL = true;
    public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L * 1024 * 1024;
    public static final RocksDbCompression DEFAULT_COMPRESSION = RocksDbCompression.LZ4;

    /** Validates and resolves the properties; the exception names the offending property. */
    public static RocksDbConfig from(StoreProperties properties) {
        Path dir = parseDir(properties.get(DIR));
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
        return new RocksDbConfig(dir, sync, wal, cacheBytes,
                compression == null ? DEFAULT_COMPRESSION : RocksDbCompression.parse(COMPRESSION, compression));
    }

    private static Path parseDir(String value) {
        if (value == null) {
            return null;
        }
        if (value.isBlank()) {
            throw new StoreConfigException(DIR, value, "must be a directory path (leave it unset for a temporary one)");
        }
        try {
            return Path.of(value.trim());
        } catch (InvalidPathException e) {
            throw new StoreConfigException(DIR, value, "must be a valid directory path (" + e.getReason() + ")");
        }
    }
}
