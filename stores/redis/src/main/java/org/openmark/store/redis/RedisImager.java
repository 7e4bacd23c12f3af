package org.openmark.store.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.openmark.api.StoreException;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.RestoreParams;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Saves and restores {@link RedisImage}s on one connection. The store's tables are found by
 * their index sorted sets ({@code <table>.index}); their keys are those sorted sets and the
 * hashes named {@code <table>:<key>} (see {@link RedisKeys}). Only those keys are read,
 * deleted or written: other data in the same database is left alone.
 *
 * <p>Neither saving nor restoring is atomic: both are meant for a quiet store, between runs.
 * Keys are handled in pipelined batches, so a million keys cost about a thousand round trips.
 */
final class RedisImager {
    private static final int BATCH_KEYS = 1000;
    private static final byte COLON = ':';
    private static final String INDEX_SUFFIX = ".index";

    private final Jedis connection;
    private final long maxBytes;

    RedisImager(Jedis connection, long maxBytes) {
        this.connection = connection;
        this.maxBytes = maxBytes;
    }

    /** DUMPs every key of every table; throws when the payloads would exceed the bound. */
    RedisImage save(Consumer<RedisImage> onClose) {
        Set<String> tables = tables();
        List<byte[]> candidates = keysOf(tables);
        List<byte[]> keys = new ArrayList<>(candidates.size());
        List<byte[]> dumps = new ArrayList<>(candidates.size());
        long heldBytes = 0;
        for (int from = 0; from < candidates.size(); from += BATCH_KEYS) {
            List<byte[]> batch = candidates.subList(from, Math.min(from + BATCH_KEYS, candidates.size()));
            List<Response<byte[]>> replies = new ArrayList<>(batch.size());
            try (Pipeline pipeline = connection.pipelined()) {
                batch.forEach(key -> replies.add(pipeline.dump(key)));
                pipeline.sync();
            }
            for (int i = 0; i < batch.size(); i++) {
                byte[] dump = replies.get(i).get();
                if (dump == null) {
                    continue; // deleted since the SCAN found it
                }
                heldBytes += batch.get(i).length + dump.length + RedisImage.ENTRY_OVERHEAD_BYTES;
                if (heldBytes > maxBytes) {
                    throw new StoreException("a redis image of " + candidates.size() + " keys needs more than "
                            + RedisConfig.IMAGE_MAX_BYTES + "=" + maxBytes + " bytes of heap (" + (from + i + 1)
                            + " keys already took " + heldBytes + "); raise it and the JVM's heap (-Xmx), or reload"
                            + " another way");
                }
                keys.add(batch.get(i));
                dumps.add(dump);
            }
        }
        return new RedisImage(tables, new RedisImage.Payloads(keys, dumps), heldBytes, onClose);
    }

    /** Deletes every key of the image's tables and of the tables there are now, then RESTOREs the image's keys. */
    void restore(RedisImage image) {
        RedisImage.Payloads payloads = image.payloads();
        Set<String> tables = new HashSet<>(image.tables());
        tables.addAll(tables());
        List<byte[]> current = keysOf(tables);
        for (int from = 0; from < current.size(); from += BATCH_KEYS) {
            List<byte[]> batch = current.subList(from, Math.min(from + BATCH_KEYS, current.size()));
            connection.unlink(batch.toArray(new byte[0][]));
        }
        RestoreParams replace = RestoreParams.restoreParams().replace();
        List<byte[]> keys = payloads.keys();
        for (int from = 0; from < keys.size(); from += BATCH_KEYS) {
            int to = Math.min(from + BATCH_KEYS, keys.size());
            List<Response<String>> replies = new ArrayList<>(to - from);
            try (Pipeline pipeline = connection.pipelined()) {
                for (int i = from; i < to; i++) {
                    replies.add(pipeline.restore(keys.get(i), 0, payloads.dumps().get(i), replace));
                }
                pipeline.sync();
            }
            replies.forEach(Response::get); // an error reply throws here
        }
    }

    /** The tables that have an index sorted set. */
    private Set<String> tables() {
        Set<String> tables = new HashSet<>();
        for (byte[] name : scan("*" + INDEX_SUFFIX, "zset")) {
            String text = RedisKeys.text(name);
            String table = text.substring(0, text.length() - INDEX_SUFFIX.length());
            if (RedisKeys.isValidTable(table)) {
                tables.add(table);
            }
        }
        return tables;
    }

    /** The index of each table and every hash {@code <table>:<key>} of those tables, each once. */
    private List<byte[]> keysOf(Set<String> tables) {
        Set<ByteBuffer> keys = new LinkedHashSet<>();
        // an index that does not exist (a table new since the save) is skipped by DUMP and UNLINK alike
        for (String table : tables) {
            keys.add(ByteBuffer.wrap(RedisKeys.index(table)));
        }
        for (byte[] name : scan("*:*", "hash")) {
            if (tables.contains(tableOf(name))) {
                keys.add(ByteBuffer.wrap(name));
            }
        }
        List<byte[]> list = new ArrayList<>(keys.size());
        keys.forEach(key -> list.add(key.array()));
        return list;
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
    private List<byte[]> scan(String glob, String type) {
        List<byte[]> found = new ArrayList<>();
        ScanParams params = new ScanParams().match(glob).count(BATCH_KEYS);
        byte[] typeName = RedisKeys.bytes(type);
        ScanResult<byte[]> page = connection.scan(ScanParams.SCAN_POINTER_START_BINARY, params, typeName);
        found.addAll(page.getResult());
        while (!page.isCompleteIteration()) {
            page = connection.scan(page.getCursorAsBytes(), params, typeName);
            found.addAll(page.getResult());
        }
        return found;
    }
}
