package org.openmark.store.rocksdb;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.ReadOptions;
import org.rocksdb.WriteOptions;

/**
 * The native option objects built from a {@link RocksDbConfig}. Everything not configurable
 * keeps RocksDB's defaults, so results compare with other RocksDB measurements. Closed after
 * the database.
 */
final class RocksDbOptions implements AutoCloseable {
    final DBOptions database;
    final ColumnFamilyOptions family;
    final WriteOptions write;
    final ReadOptions read;
    private final Cache blockCache;

    RocksDbOptions(RocksDbConfig config) {
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        if (config.blockCacheBytes() > 0) {
            blockCache = new LRUCache(config.blockCacheBytes());
            table.setBlockCache(blockCache);
        } else {
            blockCache = null;
            table.setNoBlockCache(true);
        }
        family = new ColumnFamilyOptions()
                .setCompressionType(config.compression().nativeType())
                .setTableFormatConfig(table);
        database = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true);
        write = new WriteOptions().setSync(config.sync()).setDisableWAL(!config.wal());
        read = new ReadOptions();
    }

    @Override
    public void close() {
        write.close();
        read.close();
        family.close();
        database.close();
        if (blockCache != null) {
            blockCache.close();
        }
    }
}
