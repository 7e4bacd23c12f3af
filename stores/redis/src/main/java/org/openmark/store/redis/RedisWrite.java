package org.openmark.store.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;

/**
 * One write, as the commands it queues inside MULTI/EXEC. An insert or delete touches a record's
 * hash and the index together, so running it in one MULTI/EXEC keeps the two consistent at the
 * cost of no extra round trip.
 */
@FunctionalInterface
interface RedisWrite {

    /**
     * Sets the fields only when the record's hash exists, in one step on the server: a missing
     * record stays missing (no hash without an index entry), and the reply tells which it was.
     */
    byte[] UPDATE_EXISTING = RedisLayout.bytes("""
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            redis.call('HSET', KEYS[1], unpack(ARGV))
            return 1""");

    /**
     * Queues the write's commands.
     *
     * @return the reply that counts the records the write found (0: NOT_FOUND), or {@code null}
     *     for a write that creates its record
     */
    Response<?> queue(Transaction transaction);

    /** Sets the given fields of a record (creating it if absent) and adds its key to the index. */
    static RedisWrite insert(RedisLayout layout, String table, String key, Map<String, byte[]> values) {
        byte[] record = layout.record(table, key);
        byte[] index = layout.index(table);
        byte[] member = RedisLayout.member(key);
        double score = layout.score(key);
        Map<byte[], byte[]> hash = new HashMap<>(values.size() * 2);
        values.forEach((field, value) -> hash.put(RedisLayout.bytes(field), layout.encode(value)));
        return transaction -> {
            transaction.hset(record, hash);
            transaction.zadd(index, score, member);
            return null;
        };
    }

    /** Sets the given fields of an existing record; a missing one is left missing. */
    static RedisWrite update(RedisLayout layout, String table, String key, Map<String, byte[]> values) {
        List<byte[]> keys = List.of(layout.record(table, key));
        List<byte[]> args = new ArrayList<>(values.size() * 2);
        values.forEach((field, value) -> {
            args.add(RedisLayout.bytes(field));
            args.add(layout.encode(value));
        });
        return transaction -> transaction.eval(UPDATE_EXISTING, keys, args);
    }

    /** Removes a record and its key from the index. */
    static RedisWrite delete(RedisLayout layout, String table, String key) {
        byte[] record = layout.record(table, key);
        byte[] index = layout.index(table);
        byte[] member = RedisLayout.member(key);
        return transaction -> {
            Response<Long> removed = transaction.del(record);
            transaction.zrem(index, member);
            return removed;
        };
    }
}
