package org.openmark.store.redis;

import java.util.HashMap;
import java.util.Map;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;

/**
 * One write, as the commands it queues inside MULTI/EXEC. A write touches a record's hash
 * and its table's index together, so running it in one MULTI/EXEC keeps the two consistent
 * at the cost of no extra round trip.
 */
@FunctionalInterface
interface RedisWrite {

    /**
     * Queues the write's commands.
     *
     * @return the reply that counts the records removed (a delete), or {@code null}
     */
    Response<Long> queue(Transaction transaction);

    /** Sets the given fields of a record (creating it if absent) and indexes its key. */
    static RedisWrite upsert(String table, String key, Map<String, byte[]> values) {
        byte[] record = RedisKeys.record(table, key);
        byte[] index = RedisKeys.index(table);
        byte[] member = RedisKeys.member(key);
        Map<byte[], byte[]> hash = new HashMap<>(values.size() * 2);
        values.forEach((field, value) -> hash.put(RedisKeys.bytes(field), value));
        return transaction -> {
            transaction.hset(record, hash);
            transaction.zadd(index, 0, member);
            return null;
        };
    }

    /** Removes a record and its key from the index. */
    static RedisWrite delete(String table, String key) {
        byte[] record = RedisKeys.record(table, key);
        byte[] index = RedisKeys.index(table);
        byte[] member = RedisKeys.member(key);
        return transaction -> {
            Response<Long> removed = transaction.del(record);
            transaction.zrem(index, member);
            return removed;
        };
    }
}
