package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Imageable;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * An open RocksDB database in YCSB's {@code RocksDBClient} layout, so either tool reads and writes
 * what the other loaded: each table is a column family, created on first insert and listed at
 * once in YCSB's {@code CF_NAMES} file ({@link ColumnFamilyNames}); keys are stored as UTF-8;
 * records in YCSB's encoding ({@link RecordCodec}). Scans follow the unsigned byte order of the
 * keys (the same as {@link String} order for ASCII keys such as YCSB's {@code user…}). A
 * directory in another layout is refused before anything is written ({@link DirectoryLayout}).
 *
 * <p>Images ({@link Imageable}) are checkpoints (see {@link RocksDbImage}). A restore happens
 * in place: it holds new calls off (they return ERROR meanwhile), waits for running ones,
 * closes the database, replaces the directory's files with the image's (SST files hard-linked)
 * and reopens it. Sessions fetch the database and column family handles from the store on
 * every call, so sessions opened before a restore keep working after it.
 */
public final class RocksDbStore implements Store, Imageable {
    private static final long CLOSE_POLL_NANOS = 100_000;
    private static final int KEY_LOCK_STRIPES = 1024;

    /** Replaced by a restore; {@code null} after a failed one. Read only inside a guard slot. */
    private volatile RocksDB db;
    private final RocksDbOptions options;
    private final StoreDirectory directory;
    private final Map<String, ColumnFamilyHandle> families = new ConcurrentHashMap<>();
    /** True while {@code CF_NAMES} may not list every family; written under {@code families}'s monitor. */
    private volatile boolean familyNamesStale;
    private final CloseGuard guard = new CloseGuard();
    private final KeyLocks keyLocks = new KeyLocks(KEY_LOCK_STRIPES);
    /** Serializes saving, restoring and closing. */
    private final ReentrantLock lifecycle = new ReentrantLock();
    private final Set<RocksDbImage> openImages = ConcurrentHashMap.newKeySet();
    private int imagesSaved;

    private RocksDbStore(OpenDatabase opened, RocksDbOptions options, StoreDirectory directory) {
        this.db = opened.db();
        this.options = options;
        this.directory = directory;
        families.putAll(opened.families());
    }

    /**
     * Opens (creating if needed) the database the configuration names.
     *
     * @throws org.openmark.api.StoreConfigException when a property is invalid, or {@code rocksdb.dir}
     *     holds something in a layout the store does not write (see {@link DirectoryLayout})
     */
    public static RocksDbStore open(RocksDbConfig config) {
        RocksDbOptions options = RocksDbOptions.of(config);
        StoreDirectory directory;
        try {
            directory = StoreDirectory.resolve(config);
        } catch (RuntimeException e) {
            options.close();
            throw e;
        }
        return open(options, directory);
    }

    /** Opens the database in {@code directory}, deleting it again if it is temporary and opening fails. */
    static RocksDbStore open(RocksDbConfig config, StoreDirectory directory) {
        RocksDbOptions options;
        try {
            options = RocksDbOptions.of(config);
        } catch (RuntimeException e) {
            directory.deleteIfTemporary();
            throw e;
        }
        return open(options, directory);
    }

    private static RocksDbStore open(RocksDbOptions options, StoreDirectory directory) {
        try {
            DirectoryLayout.check(directory, options);
            OpenDatabase opened = OpenDatabase.open(options, directory.path());
            try {
                ColumnFamilyNames.write(directory.path(), opened.families().keySet());
            } catch (IOException e) {
                opened.close();
                throw new StoreException(directory.describe() + ": cannot write " + ColumnFamilyNames.FILE
                        + " (the column family list YCSB's RocksDBClient opens the directory with): " + e, e);
            }
            return new RocksDbStore(opened, options, directory);
        } catch (RocksDBException e) {
            options.close();
            directory.deleteIfTemporary();
            throw OpenDatabase.failure(directory, e);
        } catch (RuntimeException e) {
            options.close();
            directory.deleteIfTemporary();
            throw e;
        }
    }

    @Override
    public boolean isEmbedded() {
        return true;
    }

    /** The {@code version} of the RocksDB library the store runs on (e.g. {@code 11.8.1}). */
    @Override
    public Map<String, String> facts() {
        RocksDB.Version version = RocksDB.rocksdbVersion(); // set when open() loaded the library
        return version == null ? Map.of() : Map.of("version", version.toString());
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
                throw new StoreException("checkpoint to " + target + ": the store is closed or being restored");
            }
            try (Checkpoint checkpoint = Checkpoint.create(db)) {
                Path parent = target.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                checkpoint.createCheckpoint(target.toString());
                // the checkpoint's own list, so YCSB's RocksDBClient opens the image (or a copy) as well
                try (Options listing = new Options()) {
                    List<String> names = RocksDB.listColumnFamilies(listing, target.toString()).stream()
                            .map(name -> new String(name, StandardCharsets.UTF_8)).toList();
                    ColumnFamilyNames.write(target, names);
                }
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

    /**
     * The table's column family, created on first use (at most once, however many threads ask)
     * and then listed in {@code CF_NAMES} before anything is written to it.
     */
    ColumnFamilyHandle family(String table) throws RocksDBException {
        ColumnFamilyHandle handle = families.get(table);
        if (handle != null && !familyNamesStale) {
            return handle;
        }
        synchronized (families) {
            handle = families.get(table);
            if (handle == null) {
                handle = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8),
                        options.family(table)));
                families.put(table, handle);
                familyNamesStale = true;
            }
            if (familyNamesStale) {
                writeFamilyNames();
            }
            return handle;
        }
    }

    /** Rewrites {@code CF_NAMES} from the open families; the caller holds {@code families}'s monitor. */
    private void writeFamilyNames() throws RocksDBException {
        try {
            ColumnFamilyNames.write(directory.path(), families.keySet());
            familyNamesStale = false;
        } catch (IOException e) {
            // every write waits until the list is right again: YCSB could not open the directory meanwhile
            throw new RocksDBException(directory.describe() + ": cannot rewrite " + ColumnFamilyNames.FILE + ": " + e);
        }
    }

    /**
     * Waits for in-flight operations, then closes column families, the database and the
     * options, in that order, and deletes a temporary directory. Later calls do nothing.
     */
    @Override
    public void close() {
        lifecycle.lock();
        try {
            if (!guard.closeAndAwait(RocksDbStore::waitStep)) {
                return;
            }
            for (RocksDbImage image : openImages) {
                image.close();
            }
            RocksDBException failure = null;
            try {
                if (familyNamesStale) {
                    synchronized (families) {
                        writeFamilyNames(); // a last try, so YCSB can open what this run wrote
                    }
                }
            } catch (RocksDBException e) {
                failure = e;
            }
            try {
                closeDatabase();
            } catch (RocksDBException e) {
                failure = e;
            } finally {
                options.close();
                directory.deleteIfTemporary();
            }
            if (failure != null) {
                throw new StoreException(directory.describe() + ": closing RocksDB failed: " + failure.getMessage(), failure);
            }
        } finally {
            lifecycle.unlock();
        }
    }

    /** Saves a checkpoint of every table (see {@link RocksDbImage} for where); it lives until it or the store is closed. */
    @Override
    public StoreImage saveImage() {
        lifecycle.lock();
        try {
            RocksDbImage image = RocksDbImage.place(this, directory, ++imagesSaved);
            try {
                checkpoint(image.checkpoint());
            } catch (StoreException e) {
                image.close();
                throw e;
            }
            openImages.add(image);
            return image;
        } finally {
            lifecycle.unlock();
        }
    }

    /**
     * Replaces the database's content with the image's, in the same directory, while calls are
     * held off (they return ERROR meanwhile). If this fails after the database was closed, the
     * store stays unusable (every call returns ERROR) and the exception says so.
     */
    @Override
    public void restoreImage(StoreImage image) {
        if (!(image instanceof RocksDbImage rocksImage)) {
            throw new IllegalArgumentException("the rocksdb store cannot restore " + image.describe()
                    + ": it is not a rocksdb store image");
        }
        lifecycle.lock();
        try {
            // holding the image's monitor keeps it from being closed (deleted) half-way
            synchronized (rocksImage) {
                if (rocksImage.isClosed()) {
                    throw new StoreException("cannot restore " + image.describe() + ": the image is closed");
                }
                if (!guard.pauseAndAwait(RocksDbStore::waitStep)) {
                    throw new StoreException("cannot restore " + image.describe() + " into " + directory.describe()
                            + ": the store is closed");
                }
                replaceDatabase(rocksImage);
                guard.resume();
            }
        } finally {
            lifecycle.unlock();
        }
    }

    /** Closes the database, replaces its files with the image's and reopens it; every call is held off. */
    private void replaceDatabase(RocksDbImage image) {
        try {
            closeDatabase();
            directory.deleteContents();
            image.copyInto(directory.path());
            OpenDatabase reopened = OpenDatabase.open(options, directory.path());
            families.putAll(reopened.families());
            db = reopened.db();
            synchronized (families) {
                familyNamesStale = true; // the image's list, written when it was saved; checked again here
                try {
                    writeFamilyNames();
                } catch (RocksDBException e) {
                    // the database is fine: the next table created or written retries the list
                }
            }
        } catch (RocksDBException | IOException | RuntimeException e) {
            // the old database is gone and the new one did not open: the guard keeps every call out
            throw new StoreException("restoring " + image.describe() + " into " + directory.describe()
                    + " failed, the store is unusable now (its calls return ERROR; close it): " + e, e);
        }
    }

    void forget(RocksDbImage image) {
        openImages.remove(image);
    }

    /** Closes the column families and the database, if open; the caller holds every call off. */
    private void closeDatabase() throws RocksDBException {
        RocksDB open = db;
        db = null;
        if (open != null) {
            open.cancelAllBackgroundWork(true);
        }
        families.values().forEach(ColumnFamilyHandle::close);
        families.clear();
        if (open != null) {
            open.closeE();
        }
    }

    private static void waitStep() {
        LockSupport.parkNanos(CLOSE_POLL_NANOS);
    }
}
