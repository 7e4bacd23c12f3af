package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Collection;

/**
 * The key scheme. A record is a hash named {@code <table>:<key>} (e.g. {@code usertable:user42})
 * whose hash fields are the record's fields; each table has one sorted set
 * {@code <table>.index} holding every key with score 0, so a scan is a lexicographic range
 * (ZRANGEBYLEX). Table names must not contain {@code ':'}: then no record name equals an
 * index name and no two (table, key) pairs share a record name.
 */
final class RedisKeys {

    private RedisKeys() {
    }

    /** True when the table name fits the scheme (non-empty, no ':'). */
    static boolean isValidTable(String table) {
        return table != null && !table.isEmpty() && table.indexOf(':') < 0;
    }

    /** The hash holding one record. */
    static byte[] record(String table, String key) {
        return (table + ':' + key).getBytes(UTF_8);
    }

    /** The sorted set of a table's keys. */
    static byte[] index(String table) {
        return (table + ".index").getBytes(UTF_8);
    }

    /** A key as a member of the index. */
    static byte[] member(String key) {
        return key.getBytes(UTF_8);
    }

    /** The inclusive lower bound of ZRANGEBYLEX for a scan starting at {@code startKey}. */
    static byte[] inclusiveFrom(String startKey) {
        return ('[' + startKey).getBytes(UTF_8);
    }

    /** The unbounded upper end of ZRANGEBYLEX. */
    static byte[] unboundedTo() {
        return new byte[] {'+'};
    }

    /** Field names as hash fields, in the collection's order. */
    static byte[][] fields(Collection<String> names) {
        byte[][] encoded = new byte[names.size()][];
        int i = 0;
        for (String name : names) {
            encoded[i++] = name.getBytes(UTF_8);
        }
        return encoded;
    }

    /** Decodes a name stored by this scheme. */
    static String text(byte[] bytes) {
        return new String(bytes, UTF_8);
    }

    /** Encodes a name. */
    static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
