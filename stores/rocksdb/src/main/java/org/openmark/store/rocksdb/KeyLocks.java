package org.openmark.store.rocksdb;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks serializing the writes to one key. An update is a read-modify-write (RocksDB
 * has no field-level merge without a native merge operator); without the lock two concurrent
 * updates of one record could lose each other's fields, or an update could revive a record
 * deleted in between. Reads take no lock.
 */
final class KeyLocks {
    private final ReentrantLock[] locks;
    private final int mask;

    /** {@code stripes} must be a power of two. */
    KeyLocks(int stripes) {
        if (Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes=" + stripes + ": must be a power of two");
        }
        locks = new ReentrantLock[stripes];
        for (int i = 0; i < stripes; i++) {
            locks[i] = new ReentrantLock();
        }
        mask = stripes - 1;
    }

    /** The lock guarding {@code key} of {@code table}. */
    ReentrantLock forKey(String table, String key) {
        int h = table.hashCode() * 31 + key.hashCode();
        return locks[(h ^ (h >>> 16)) & mask];
    }
}
