package org.openmark.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A session on a {@link RocksDbStore}, in YCSB's layout (see {@link RecordCodec}), with the memory
 * store's semantics: reading, updating or
 * deleting a missing key returns {@link Status#NOT_FOUND} (an update never creates a record);
 * inserting an existing key replaces the whole record; an update writes its fields over the
 * stored ones. A null table, key, field name or value, a negative scan count, or an insert
 * into a table whose name has a line break (YCSB's {@code CF_NAMES} could not list it) returns
 * {@link Status#BAD_REQUEST}. A RocksDB error, a corrupt stored record, or a call after the
 * store closed (or while it restores an image) returns {@link Status#ERROR}. The database and
 * column family handles are fetched from the store on every call, inside the slot: a restore
 * replaces them only while no slot is busy, so a session outlives any number of restores.
 */
final class RocksDbSession implements Session {
    private static final byte[] NO_VALUE = new byte[0];

    private final RocksDbStore store;
    private final RocksDbOptions options;
    private final CloseGuard.Slot slot;

    RocksDbSession(RocksDbStore store, CloseGuard.Slot slot) {
        this.store = store;
        this.options = store.options();
        this.slot = slot;
    }

    private static byte[] keyBytes(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
    }

    /** One call on the open database, inside the session's slot (and a key's lock where asked). */
    @FunctionalInterface
    private interface Call {
        Status on(RocksDB db) throws RocksDBException;
    }

    /**
     * Runs {@code call} while the session holds its slot (a restore waits for it), and with the key's
     * lock when {@code lockedKey} names a key; a RocksDB failure or an undecodable record is ERROR.
     */
    private Status inSlot(String table, String lockedKey, Call call) {
        if (!slot.enter()) {
            return Status.ERROR;
        }
        ReentrantLock lock = lockedKey == null ? null : store.keyLocks().forKey(table, lockedKey);
        if (lock != null) {
            lock.lock();
        }
        try {
            return call.on(store.db());
        } catch (RocksDBException | IllegalArgumentException e) {
            return Status.ERROR;
        } finally {
            if (lock != null) {
                lock.unlock();
            }
            slot.exit();
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        return inSlot(table, null, db -> {
            ColumnFamilyHandle family = store.existingFamily(table);
            byte[] stored = family == null ? null : db.get(family, options.read, keyBytes(key));
            if (stored == null) {
                return Status.NOT_FOUND;
            }
            RecordCodec.decode(stored, fields, result);
            return Status.OK;
        });
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (table == null || startKey == null || recordCount < 0) {
            return Status.BAD_REQUEST;
        }
        return inSlot(table, null, db -> {
            ColumnFamilyHandle family = store.existingFamily(table);
            if (family == null || recordCount == 0) {
                return Status.OK;
            }
            try (RocksIterator it = db.newIterator(family, options.read)) {
                it.seek(keyBytes(startKey));
                for (int n = 0; n < recordCount && it.isValid(); n++) {
                    Map<String, byte[]> record = new HashMap<>();
                    RecordCodec.decode(it.value(), fields, record);
                    result.add(new Record(new String(it.key(), StandardCharsets.UTF_8), record));
                    it.next();
                }
                it.status();
            }
            return Status.OK;
        });
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        if (table == null || key == null || values == null || !RecordCodec.isEncodable(values)) {
            return Status.BAD_REQUEST;
        }
        return inSlot(table, key, db -> {
            ColumnFamilyHandle family = store.existingFamily(table);
            byte[] keyBytes = keyBytes(key);
            byte[] stored = family == null ? null : db.get(family, options.read, keyBytes);
            if (stored == null) {
                return Status.NOT_FOUND;
            }
            Map<String, byte[]> merged = new LinkedHashMap<>();
            RecordCodec.decode(stored, null, merged);
            merged.putAll(values);
            db.put(family, options.write, keyBytes, RecordCodec.encode(merged));
            return Status.OK;
        });
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        // a table is a column family, and YCSB's CF_NAMES lists them a line each
        if (table == null || key == null || values == null || !ColumnFamilyNames.isListable(table)) {
            return Status.BAD_REQUEST;
        }
        byte[] encoded = RecordCodec.encode(values);
        if (encoded == null) {
            return Status.BAD_REQUEST;
        }
        // Locked although a blind write, so it cannot fall between an update's read and write.
        return inSlot(table, key, db -> {
            db.put(store.family(table), options.write, keyBytes(key), encoded);
            return Status.OK;
        });
    }

    @Override
    public Status delete(String table, String key) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        return inSlot(table, key, db -> {
            ColumnFamilyHandle family = store.existingFamily(table);
            byte[] keyBytes = keyBytes(key);
            // A zero-length buffer asks only whether the key exists, without copying its value.
            if (family == null || db.get(family, options.read, keyBytes, NO_VALUE) == RocksDB.NOT_FOUND) {
                return Status.NOT_FOUND;
            }
            db.delete(family, options.write, keyBytes);
            return Status.OK;
        });
    }

    @Override
    public void close() {
        store.release(slot);
    }
}
