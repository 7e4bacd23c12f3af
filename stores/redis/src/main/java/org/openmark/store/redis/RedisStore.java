package org.openmark.store.redis;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Imageable;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Redis server (and optionally one of its replicas) as an openmark store. Opening does not
 * connect: each session connects on first use, so an unreachable server shows up as
 * statuses, not as a failure to open. Images ({@link Imageable}) DUMP the tables' keys into
 * this JVM's memory and RESTORE them (see {@link RedisImager}), each on a connection of its
 * own; sessions keep their connections and work on across restores.
 */
public final class RedisStore implements Store, Imageable {
    private final RedisConfig config;
    private final JedisClientConfig clientConfig;
    private final Set<RedisSession> openSessions = ConcurrentHashMap.newKeySet();
    private final Set<RedisImage> openImages = ConcurrentHashMap.newKeySet();
    /** What {@link #facts()} learned, or {@code null} until it asked. */
    private Map<String, String> facts;

    RedisStore(RedisConfig config) {
        this.config = config;
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(config.timeoutMs())
                .socketTimeoutMillis(config.timeoutMs())
                // CLIENT SETINFO would cost a round trip per connection and fails on Redis < 7.2
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
                // RESP2 without HELLO, as before Jedis 8: the single-connection Jedis class cannot
                // parse RESP3 replies, and without this Jedis 8 warns on every new connection
                .serverDefaultProtocol();
        if (config.user() != null) {
            builder.user(config.user());
        }
        if (config.password() != null) {
            builder.password(config.password());
        }
        this.clientConfig = builder.build();
    }

    /** {@code redis at HOST:PORT (user U)}, for error messages. */
    @Override
    public String target() {
        return "redis at " + config.host() + ":" + config.port() + (config.user() != null ? " (user " + config.user()
                + ")" : "");
    }

    /** The validated settings. */
    public RedisConfig config() {
        return config;
    }

    /**
     * The primary's {@code version} ({@code redis_version} from {@code INFO server}), asked once
     * and remembered; empty when the server did not answer then.
     */
    @Override
    public synchronized Map<String, String> facts() {
        if (facts == null) {
            facts = askFacts();
        }
        return facts;
    }

    private Map<String, String> askFacts() {
        try (Jedis jedis = connectPrimary()) {
            return RedisServerInfo.facts(jedis.info("server"));
        } catch (JedisException e) {
            return Map.of();
        }
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
        try (Jedis jedis = connectPrimary()) {
            return jedis.zcard(RedisKeys.index(table)) == 0;
        } catch (JedisException e) {
            return false;
        }
    }

    /** DUMPs every key of the store's tables into memory, bounded by {@code redis.image.maxbytes}. */
    @Override
    public synchronized StoreImage saveImage() {
        try (Jedis jedis = connectPrimary()) {
            RedisImage image = new RedisImager(jedis, config.imageMaxBytes()).save(openImages::remove);
            openImages.add(image);
            return image;
        } catch (JedisException e) {
            throw new StoreException("saving an image of " + this + " failed: " + e.getMessage(), e);
        }
    }

    /** Deletes every key of the store's tables (those saved and those there now) and RESTOREs the image's. */
    @Override
    public synchronized void restoreImage(StoreImage image) {
        if (!(image instanceof RedisImage redisImage)) {
            throw new IllegalArgumentException("the redis store cannot restore " + image.describe()
                    + ": it is not a redis store image");
        }
        redisImage.payloads(); // refuses a closed image before anything is deleted
        try (Jedis jedis = connectPrimary()) {
            new RedisImager(jedis, config.imageMaxBytes()).restore(redisImage);
        } catch (JedisException e) {
            throw new StoreException("restoring " + image.describe() + " into " + this + " failed, the tables may be"
                    + " partly restored (restore again): " + e.getMessage(), e);
        }
    }

    /** Closes the sessions and the images still open. */
    @Override
    public void close() {
        for (RedisSession session : openSessions) {
            session.close();
        }
        for (RedisImage image : openImages) {
            image.close();
        }
    }

    private Jedis connectPrimary() {
        return new Jedis(new HostAndPort(config.host(), config.port()), clientConfig);
    }

    @Override
    public String toString() {
        return "RedisStore[" + config + "]";
    }
}
