package org.openmark.store.redis;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Session;
import org.openmark.api.Store;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Redis server (and optionally one of its replicas) as an openmark store. Opening does not
 * connect: each session connects on first use, so an unreachable server shows up as
 * statuses, not as a failure to open.
 */
public final class RedisStore implements Store {
    private final RedisConfig config;
    private final JedisClientConfig clientConfig;
    private final Set<RedisSession> openSessions = ConcurrentHashMap.newKeySet();

    RedisStore(RedisConfig config) {
        this.config = config;
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(config.timeoutMs())
                .socketTimeoutMillis(config.timeoutMs())
                // CLIENT SETINFO would cost a round trip per connection and fails on Redis < 7.2
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
        if (config.user() != null) {
            builder.user(config.user());
        }
        if (config.password() != null) {
            builder.password(config.password());
        }
        this.clientConfig = builder.build();
    }

    /** The validated settings. */
    public RedisConfig config() {
        return config;
    }

    @Override
    public Session newSession() {
        RedisSession session = new RedisSession(config, new RedisConnections(config, clientConfig),
                openSessions::remove);
        openSessions.add(session);
        return session;
    }

    /** True when the table's index holds no keys; false when it does or the server cannot be asked. */
    @Override
    public boolean isKnownEmpty(String table) {
        if (!RedisKeys.isValidTable(table)) {
            return false;
        }
        try (Jedis jedis = new Jedis(new HostAndPort(config.host(), config.port()), clientConfig)) {
            return jedis.zcard(RedisKeys.index(table)) == 0;
        } catch (JedisException e) {
            return false;
        }
    }

    @Override
    public void close() {
        for (RedisSession session : openSessions) {
            session.close();
        }
    }

    @Override
    public String toString() {
        return "RedisStore[" + config + "]";
    }
}
