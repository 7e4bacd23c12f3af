package org.openmark.store.redis;

import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * One session's connections: to the primary and, when reads go to a replica, to the
 * replica. Each is opened on first use and reopened after {@link #reset()}, so a server
 * that comes back is used again without reopening the store.
 */
final class RedisConnections implements AutoCloseable {
    private final RedisConfig config;
    private final JedisClientConfig clientConfig;
    private Jedis primary;
    private Jedis replica;

    RedisConnections(RedisConfig config, JedisClientConfig clientConfig) {
        this.config = config;
        this.clientConfig = clientConfig;
    }

    /** The connection to the primary (writes, WATCH, and reads unless they go to the replica). */
    Jedis primary() {
        if (primary == null) {
            primary = new Jedis(new HostAndPort(config.host(), config.port()), clientConfig);
        }
        return primary;
    }

    /** The connection reads and scans outside a unit of work use. */
    Jedis reader() {
        if (config.readFrom() == RedisConfig.ReadFrom.PRIMARY) {
            return primary();
        }
        if (replica == null) {
            replica = new Jedis(new HostAndPort(config.replicaHost(), config.replicaPort()), clientConfig);
        }
        return replica;
    }

    /** True when a connection to the primary is open (so it may hold WATCHed keys). */
    boolean hasPrimary() {
        return primary != null;
    }

    /** Drops both connections after a failure; the next call reconnects. */
    void reset() {
        closeQuietly(primary);
        closeQuietly(replica);
        primary = null;
        replica = null;
    }

    @Override
    public void close() {
        reset();
    }

    private static void closeQuietly(Jedis jedis) {
        if (jedis != null) {
            try {
                jedis.close();
            } catch (RuntimeException ignored) {
                // the connection is being discarded; a failure to close it changes nothing
            }
        }
    }
}
