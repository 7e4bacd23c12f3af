package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * Where the records of a database live and how their values are stored: the names of a record's
 * hash and of the sorted set that indexes keys for scans, the index entry's score, the scan's
 * query, the value encoding, and which keys make up the store for images. Two layouts:
 * {@link YcsbLayout} (YCSB's RedisClient's, the default) and {@link OpenmarkLayout} (openmark's
 * earlier one, {@code redis.layout=openmark}). Neither writes the other's index, and each refuses a
 * database that holds it ({@link #foreignData}), so data one layout wrote is never mixed with the
 * other's. Field names and keys are UTF-8 in both, as Jedis sends Java strings.
 */
sealed interface RedisLayout permits YcsbLayout, OpenmarkLayout {

    /** The layout a configuration names. */
    static RedisLayout of(RedisConfig config) {
        return switch (config.layout()) {
            case YCSB -> YcsbLayout.INSTANCE;
            case OPENMARK -> OpenmarkLayout.INSTANCE;
        };
    }

    /** True when the table name fits the layout. */
    boolean isValidTable(String table);

    /** True when the key can name a record (it is not the name of the layout's own index). */
    boolean isValidKey(String key);

    /** The hash holding one record. */
    byte[] record(String table, String key);

    /** The sorted set indexing the table's keys. */
    byte[] index(String table);

    /** The score of a key's index entry. */
    double score(String key);

    /**
     * Up to {@code count} keys of the index from {@code startKey} on, in the layout's scan order; the
     * empty start key means from the first.
     */
    List<byte[]> scanMembers(Jedis connection, String table, String startKey, int count);

    /**
     * Writes the command {@link #scanMembers} sends, for a pipelined connection; its reply is the
     * same list of keys.
     */
    void writeScanQuery(RedisOutputStream out, String table, String startKey, int count) throws IOException;

    /** A field value as the layout stores it. */
    byte[] encode(byte[] value);

    /** A stored field value as the record's bytes. */
    byte[] decode(byte[] stored);

    /** The tables the database holds in this layout (for images; empty where tables are not kept apart). */
    Set<String> tables(Jedis connection);

    /**
     * Every key that makes up the given tables now (indexes and records, each once): what an image
     * saves, and what a restore deletes before it writes the saved keys back.
     */
    List<byte[]> keys(Jedis connection, Set<String> tables);

    /** What an image of the given tables covers, for its description. */
    String scope(Set<String> tables);

    /**
     * What the database holds that this layout does not write, if anything: the other layout's
     * index (of {@code table} for openmark's), or this layout's index with a type it does not write.
     * Asks only for a few keys by name, so it costs a round trip or two whatever the database's size.
     */
    Optional<Foreign> foreignData(Jedis connection, String table);

    /**
     * Data found in a layout the store does not write.
     *
     * @param found what was found, e.g. {@code usertable.index (1000 keys), the index of openmark's layout}
     * @param remedy what the user can do, e.g. {@code read it with -p redis.layout=openmark}
     */
    record Foreign(String found, String remedy) {
    }

    /** A key as an index member. */
    static byte[] member(String key) {
        return key.getBytes(UTF_8);
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

    /** Decodes a key or field name. */
    static String text(byte[] bytes) {
        return new String(bytes, UTF_8);
    }

    /** Encodes a key or field name. */
    static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
