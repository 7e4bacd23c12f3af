package org.openmark.store.etcd;

import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;

/**
 * Where a record lives in etcd's one key space: {@code TABLE/KEY}. A table's records are the range from
 * {@code TABLE/} to {@code TABLE0} ('0' follows '/'), so a scan is one range read and tables never overlap.
 */
final class EtcdKeys {
    private static final char SEPARATOR = '/';

    private EtcdKeys() {
    }

    static ByteSequence key(String table, String key) {
        return ByteSequence.from(table + SEPARATOR + key, StandardCharsets.UTF_8);
    }

    /** The first key of {@code table}'s range. */
    static ByteSequence tableStart(String table) {
        return ByteSequence.from(table + SEPARATOR, StandardCharsets.UTF_8);
    }

    /** The key just past {@code table}'s range. */
    static ByteSequence tableEnd(String table) {
        return ByteSequence.from(table + (char) (SEPARATOR + 1), StandardCharsets.UTF_8);
    }

    /** The record key of the etcd key {@code etcdKey} of {@code table}. */
    static String recordKey(String table, ByteSequence etcdKey) {
        return etcdKey.toString(StandardCharsets.UTF_8).substring(table.length() + 1);
    }
}
