package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * An open RocksDB database; each table is a column family, created on first insert. Keys are
 * stored as UTF-8, so scans follow the unsigned byte order of the keys (the same as
 * {@link String} order for ASCII keys such as YCSB's {@code user…}).
 */
public final class RocksDbStore implements Store {
    private static final long CLOSE_POLL_NANOS = 100_000;
    private static final int KEY_LOCK_STRIPES = 1024;

    private final RocksDB db;
    private final RocksDbOptions options;
    private final StoreDirectory directory;
    private final Map<String, ColumnFamilyHandle> families = new ConcurrentHashMap<>();
    private final CloseGuard guard = new CloseGuard();
    private final KeyLocks keyLocks = new KeyLocks(KEY_LOCK_STRIPES);

    private RocksDbStore(RocksDB db, RocksDbOptions options, StoreDirectory directory, List<ColumnFamilyHandle> handles)
            throws RocksDBException {
        this.db = db;
        this.options = options;
        this.directory = directory;
        for (ColumnFamilyHandle handle : handles) {
            families.put(new String(handle.getName(), StandardCharsets.UTF_8), handle);
        }
    }

    /** Opens (creating if needed) the database the configuration names. */
    public static RocksDbStore open(RocksDbConfig config) {
        return open(config, StoreDirectory.resolve(config));
    }

    /** Opens the database in {@code directory}, deleting it again if it is temporary and opening fails. */
    static RocksDbStore open(RocksDbConfig config, StoreDirectory directory) {
        RocksDB.loadLibrary();
        RocksDbOptions options = new RocksDbOptions(config);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db = null;
        try {
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            for (byte[] name : existingFamilies(directory.path())) {
                descriptors.add(new ColumnFamilyDescriptor(name, options.family));
            }
            db = RocksDB.open(options.database, directory.path().toString(), descriptors, handles);
            return new RocksDbStore(db, options, directory, handles);
        } catch (RocksDBException e) {
            handles.forEach(ColumnFamilyHandle::close);
            if (db != null) {
                db.close();
            }
            options.close();
            directory.deleteIfTemporary();
            throw openFailure(directory, e);
        }
    }

    private static StoreException openFailure(StoreDirectory directory, RocksDBException e) {
        String detail = String.valueOf(e.getMessage());
        if (detail.toLowerCase(Locale.ROOT).contains("lock")) {
            return new StoreException(directory.describe() + ": the database is locked: another process, or another"
                    + " open store in this one, is using it (RocksDB: " + detail + ")", e);
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

    @Override
    public Session newSession() {
        return new RocksDbSession(this, guard.newSlot());
    }

    /** The directory holding the database files. */
    public Path directory() {
        return directory.path();
    }

    /** True when the table has no keys, or does not exist; false when it has keys or on an error. */
    @Override
    public boolean isKnownEmpty(String table) {
        CloseGuard.Slot slot = guard.newSlot();
        try {
            if (!slot.enter()) {
                return false;
            }
            try {
                ColumnFamilyHandle family = existingFamily(table);
                if (family == null) {
                    return true;
                }
                try (RocksIterator it = db.newIterator(family, options.read)) {
                    it.seekToFirst();
                    if (it.isValid()) {
                        return false;
                    }
                    it.status();
                    return true;
                } catch (RocksDBException e) {
                    return false;
                }
            } finally {
                slot.exit();
            }
        } finally {
            guard.release(slot);
        }
    }

    /**
     * Writes a consistent copy of the whole database (every table) into {@code target}, which
     * must not exist yet. SST files are hard links where the file system allows, so this is
     * fast and small. Used for images: see {@link RocksDbImages}.
     */
    public void checkpoint(Path target) {
        if (Files.exists(target)) {
            throw new StoreException("checkpoint directory " + target + " already exists; give a new path");
        }
        CloseGuard.Slot slot = guard.newSlot();
        try {
            if (!slot.enter()) {
                throw new StoreException("checkpoint to " + target + ": the store is closed");
            }
            try (Checkpoint checkpoint = Checkpoint.create(db)) {
                Path parent = target.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                checkpoint.createCheckpoint(target.toString());
            } catch (RocksDBException | IOException e) {
                throw new StoreException("checkpoint to " + target + " failed: " + e.getMessage(), e);
            } finally {
                slot.exit();
            }
        } finally {
            guard.release(slot);
        }
    }

    RocksDB db() {
        return db;
    }

    RocksDbOptions options() {
        return options;
    }

    KeyLocks keyLocks() {
        return keyLocks;
    }

    void release(CloseGuard.Slot slot) {
        guard.release(slot);
    }

    /** The table's column family, or {@code null} when the table was never written. */
    ColumnFamilyHandle existingFamily(String table) {
        return families.get(table);
    }

    /** The table's column family, created on first use (at most once, however many threads ask). */
    ColumnFamilyHandle family(String table) throws RocksDBException {
        ColumnFamilyHandle handle = families.get(table);
        if (handle != null) {
            return handle;
        }
        synchronized (families) {
            handle = families.get(table);
            if (handle == null) {
                handle = db.createColumnFamily(
                        new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8), options.family));
                families.put(table, handle);
            }
            return handle;
        }
    }

    /**
     * Waits for in-flight operations, then closes column families, the database and the
     * options, in that order, and deletes a temporary directory. Later calls do nothing.
     */
    @Override
    public void close() {
        if (!guard.closeAndAwait(() -> LockSupport.parkNanos(CLOSE_POLL_NANOS))) {
            return;
        }
        RocksDBException failure = null;
        try {
            db.cancelAllBackgroundWork(true);
            families.values().forEach(ColumnFamilyHandle::close);
            families.clear();
            db.closeE();
        } catch (RocksDBException e) {
            failure = e;
        } finally {
            options.close();
            directory.deleteIfTemporary();
        }
        if (failure != null) {
            throw new StoreException(directory.describe() + ": closing RocksDB failed: " + failure.getMessage(), failure);
        }
    }
}
