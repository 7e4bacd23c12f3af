package org.openmark.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.api.StoreException;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * A RocksDB database opened with every column family it has (RocksDB refuses to open one
 * without naming them all), and their handles by table name.
 */
record OpenDatabase(RocksDB db, Map<String, ColumnFamilyHandle> families) {

    /** Opens (creating if needed) the database in {@code dir}; nothing stays open when this throws. */
    static OpenDatabase open(RocksDbOptions options, Path dir) throws RocksDBException {
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] name : existingFamilies(dir)) {
            descriptors.add(new ColumnFamilyDescriptor(name, options.family(name)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db = RocksDB.open(options.database, dir.toString(), descriptors, handles);
        try {
            Map<String, ColumnFamilyHandle> families = new HashMap<>();
            for (ColumnFamilyHandle handle : handles) {
                families.put(new String(handle.getName(), StandardCharsets.UTF_8), handle);
            }
            return new OpenDatabase(db, families);
        } catch (RocksDBException e) {
            handles.forEach(ColumnFamilyHandle::close);
            db.close();
            throw e;
        }
    }

    /** Closes the column family handles, then the database. */
    void close() {
        families.values().forEach(ColumnFamilyHandle::close);
        db.close();
    }

    /** The error to report when RocksDB cannot open the database in {@code directory}. */
    static StoreException failure(StoreDirectory directory, RocksDBException e) {
        String detail = String.valueOf(e.getMessage());
        if (detail.toLowerCase(Locale.ROOT).contains("lock")) {
            return new StoreException(directory.describe() + ": the database is locked: another process, or another"
                    + " open store in this one, is using it (RocksDB: " + detail + ")", e);
        }
        if (detail.contains("format_version")) {
            RocksDB.Version ours = RocksDB.rocksdbVersion();
            return new StoreException(directory.describe() + ": written by a newer RocksDB than this one ("
                    + (ours == null ? "?" : ours) + "): its table format is unknown here; open it with the openmark"
                    + " that wrote it, or load a fresh directory (RocksDB: " + detail + ")", e);
        }
        return new StoreException(directory.describe() + ": cannot open RocksDB there (RocksDB: " + detail + ")", e);
    }

    private static List<byte[]> existingFamilies(Path dir) throws RocksDBException {
        if (!Files.exists(dir.resolve("CURRENT"))) {
            return List.of(RocksDB.DEFAULT_COLUMN_FAMILY);
        }
        try (Options listing = new Options()) {
            return RocksDB.listColumnFamilies(listing, dir.toString());
        }
    }
}
