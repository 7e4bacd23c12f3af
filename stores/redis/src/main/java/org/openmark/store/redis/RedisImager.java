package org.openmark.store.redis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.openmark.api.StoreException;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.RestoreParams;

/**
 * Saves and restores {@link RedisImage}s on one connection. The store's keys are its layout's
 * ({@link RedisLayout#keys}): in YCSB's layout {@code _indices} and the hashes its members name, in
 * openmark's the tables' index sorted sets ({@code <table>.index}) and their hashes
 * {@code <table>:<key>}. Only those keys are read, deleted or written: other data in the same
 * database is left alone.
 *
 * <p>Neither saving nor restoring is atomic: both are meant for a quiet store, between runs.
 * Keys are handled in pipelined batches, so a million keys cost about a thousand round trips.
 */
final class RedisImager {
    private static final int BATCH_KEYS = 1000;

    private final Jedis connection;
    private final RedisLayout layout;
    private final long maxBytes;

    RedisImager(Jedis connection, RedisLayout layout, long maxBytes) {
        this.connection = connection;
        this.layout = layout;
        this.maxBytes = maxBytes;
    }

    /** DUMPs every key of the store; throws when the payloads would exceed the bound. */
    RedisImage save(Consumer<RedisImage> onClose) {
        Set<String> tables = layout.tables(connection);
        List<byte[]> candidates = layout.keys(connection, tables);
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
        return new RedisImage(tables, layout.scope(tables), new RedisImage.Payloads(keys, dumps), heldBytes, onClose);
    }

    /** Deletes every key of the store (of the image's tables and of those there are now), then RESTOREs the image's keys. */
    void restore(RedisImage image) {
        RedisImage.Payloads payloads = image.payloads();
        Set<String> tables = new HashSet<>(image.tables());
        tables.addAll(layout.tables(connection));
        List<byte[]> current = layout.keys(connection, tables);
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
}
