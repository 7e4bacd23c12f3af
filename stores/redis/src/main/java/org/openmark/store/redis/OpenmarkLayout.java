package org.openmark.store.redis;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.RedisOutputStream;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * openmark's own layout ({@code redis.layout=openmark}), byte for byte the one earlier versions
 * wrote, so their data is read and written faithfully. A record is a hash named
 * {@code <table>:<key>} (e.g. {@code usertable:user42}) whose hash fields are the record's fields,
 * values stored as their bytes; each table has one sorted set {@code <table>.index} holding every
 * key with score 0, so a scan is a lexicographic range (ZRANGEBYLEX) and returns keys in byte
 * order. Tables are kept apart. Table names must not contain {@code ':'}: then no record name
 * equals an index name and no two (table, key) pairs share a record name.
 */
final class OpenmarkLayout implements RedisLayout {
    static final OpenmarkLayout INSTANCE = new OpenmarkLayout();
    private static final String INDEX_SUFFIX = ".index";
    private static final byte COLON = ':';
    private static final byte[] TO_LAST = {'+'};
    /** Keys asked for per SCAN call. */
    private static final int SCAN_BATCH = 1000;

    private OpenmarkLayout() {
    }

    /** Non-empty and without ':'. */
    @Override
    public boolean isValidTable(String table) {
        return table != null && !table.isEmpty() && table.indexOf(':') < 0;
    }

    @Override
    public boolean isValidKey(String key) {
        return key != null;
    }

    @Override
    public byte[] record(String table, String key) {
        return RedisLayout.bytes(table + ':' + key);
    }

    @Override
    public byte[] index(String table) {
        return RedisLayout.bytes(table + INDEX_SUFFIX);
    }

    @Override
    public double score(String key) {
        return 0;
    }

    @Override
    public List<byte[]> scanMembers(Jedis connection, String table, String startKey, int count) {
        return connection.zrangeByLex(index(table), RedisLayout.bytes('[' + startKey), TO_LAST, 0, count);
    }

    @Override
    public void writeScanQuery(RedisOutputStream out, String table, String startKey, int count) throws IOException {
        RedisCommands.command(out, RedisCommands.ZRANGEBYLEX, 6);
        RedisCommands.bulk(out, index(table));
        RedisCommands.bulk(out, RedisLayout.bytes('[' + startKey));
        RedisCommands.bulk(out, TO_LAST);
        RedisCommands.bulk(out, RedisCommands.LIMIT);
        RedisCommands.bulk(out, RedisCommands.ZERO);
        RedisCommands.number(out, count);
    }

    @Override
    public byte[] encode(byte[] value) {
        return value;
    }

    @Override
    public byte[] decode(byte[] stored) {
        return stored;
    }

    /** The tables that have an index sorted set (found by SCAN, a pass over the database). */
    @Override
    public Set<String> tables(Jedis connection) {
        Set<String> tables = new HashSet<>();
        for (byte[] name : scan(connection, "*" + INDEX_SUFFIX, "zset")) {
            String text = RedisLayout.text(name);
            String table = text.substring(0, text.length() - INDEX_SUFFIX.length());
            if (isValidTable(table)) {
                tables.add(table);
            }
        }
        return tables;
    }

    /** The index of each table and every hash {@code <table>:<key>} of those tables. */
    @Override
    public List<byte[]> keys(Jedis connection, Set<String> tables) {
        Set<ByteBuffer> keys = new LinkedHashSet<>();
        // an index that does not exist (a table new since the save) is skipped by DUMP and UNLINK alike
        for (String table : tables) {
            keys.add(ByteBuffer.wrap(index(table)));
        }
        for (byte[] name : scan(connection, "*:*", "hash")) {
            if (tables.contains(tableOf(name))) {
                keys.add(ByteBuffer.wrap(name));
            }
        }
        List<byte[]> list = new ArrayList<>(keys.size());
        keys.forEach(key -> list.add(key.array()));
        return list;
    }

    @Override
    public String scope(Set<String> tables) {
        return tables.size() + " tables";
    }

    @Override
    public Optional<Foreign> foreignData(Jedis connection, String table) {
        byte[] ycsbIndex = RedisLayout.bytes(YcsbLayout.INDEX);
        String type = connection.type(ycsbIndex);
        if (type.equals("none")) {
            return Optional.empty();
        }
        String what = type.equals("zset") ? " (" + connection.zcard(ycsbIndex) + " keys)" : " (a " + type + ")";
        return Optional.of(new Foreign(YcsbLayout.INDEX + what + ", the index of YCSB's layout (records named by"
                + " their key alone)", "use YCSB's layout (leave out " + RedisConfig.LAYOUT + ", it is the default),"
                + " or empty the database (FLUSHDB) or choose another one (-p " + RedisConfig.DATABASE + "=N) for"
                + " openmark's layout"));
    }

    /** The table part of a record's name: everything before the first ':' (table names have none). */
    private static String tableOf(byte[] recordName) {
        for (int i = 0; i < recordName.length; i++) {
            if (recordName[i] == COLON) {
                return new String(recordName, 0, i, StandardCharsets.UTF_8);
            }
        }
        return "";
    }

    /** Every key matching the glob and of the type; SCAN may repeat keys, callers deduplicate. */
    private static List<byte[]> scan(Jedis connection, String glob, String type) {
        List<byte[]> found = new ArrayList<>();
        ScanParams params = new ScanParams().match(glob).count(SCAN_BATCH);
        byte[] typeName = RedisLayout.bytes(type);
        ScanResult<byte[]> page = connection.scan(ScanParams.SCAN_POINTER_START_BINARY, params, typeName);
        found.addAll(page.getResult());
        while (!page.isCompleteIteration()) {
            page = connection.scan(page.getCursorAsBytes(), params, typeName);
            found.addAll(page.getResult());
        }
        return found;
    }
}
