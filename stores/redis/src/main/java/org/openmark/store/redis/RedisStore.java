package org.openmark.store.redis;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.AskedOnce;
import org.openmark.api.Imageable;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Redis server (and optionally one of its replicas) as an openmark store, in one of two
 * layouts ({@link RedisLayout}). Opening asks the server whether the database holds data in a
 * layout the store does not write, and refuses it ({@link StoreConfigException}) before anything
 * is written. An unreachable server does not fail the opening: sessions connect on first use, so
 * it shows up as statuses (the harness's pre-flight reports it), and the layout is checked when a
 * later session is opened and the server answers. Images ({@link Imageable}) DUMP the layout's keys
 * into this JVM's memory and RESTORE them (see {@link RedisImager}), each on a connection of its
 * own; sessions keep their connections and work on across restores.
 */
public final class RedisStore implements Store, Imageable {
    private final RedisConfig config;
    private final RedisLayout layout;
    private final JedisClientConfig clientConfig;
    /** Whether the server answered the layout check (and held nothing foreign). */
    private volatile boolean layoutChecked;
    private final Set<Session> openSessions = ConcurrentHashMap.newKeySet();
    private final Set<RedisImage> openImages = ConcurrentHashMap.newKeySet();
    /** The server's facts, asked once by {@link #facts()}. */
    private final AskedOnce facts = new AskedOnce(this::askFacts);

    /** @throws StoreConfigException when the database holds data in a layout the store does not write */
    RedisStore(RedisConfig config) {
        this.config = config;
        this.layout = RedisLayout.of(config);
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .database(config.database())
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
        checkLayout();
    }

    /** {@code redis at HOST:PORT (database N, user U)}, for error messages. */
    /** Only with {@code redis.txn=watch}: with {@code none}, start, commit and abort do nothing. */
    @Override
    public boolean hasTransactions() {
        return config.txnMode() == RedisConfig.TxnMode.WATCH;
    }

    @Override
    public String target() {
        String database = config.database() != 0 ? "database " + config.database() : "";
        String user = config.user() != null ? "user " + config.user() : "";
        String details = database + (!database.isEmpty() && !user.isEmpty() ? ", " : "") + user;
        return "redis at " + config.host() + ":" + config.port() + (details.isEmpty() ? "" : " (" + details + ")");
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
    public Map<String, String> facts() {
        return facts.get();
    }

    private Map<String, String> askFacts() {
        try (Jedis jedis = connectPrimary()) {
            return RedisServerInfo.facts(jedis.info("server"));
        } catch (JedisException e) {
            return Map.of();
        }
    }

    /**
     * A new session, once the layout is checked.
     *
     * @throws StoreConfigException when the layout check, still owed because the server did not
     *     answer when the store was opened, finds data in a layout the store does not write
     */
    @Override
    public Session newSession() {
        if (!layoutChecked) {
            checkLayout();
        }
        Session session = config.pipelined()
                ? new PipelinedRedisSession(config, clientConfig, System::nanoTime,
                        new RedisSession(config, new RedisConnections(config, clientConfig), closed -> { }),
                        openSessions::remove)
                : new RedisSession(config, new RedisConnections(config, clientConfig), openSessions::remove);
        openSessions.add(session);
        return session;
    }

    /**
     * True when the index holds no keys (in YCSB's layout {@code _indices}, whatever the table: a
     * database YCSB loaded is not empty); false when it does or the server cannot be asked.
     */
    @Override
    public boolean isKnownEmpty(String table) {
        if (!layout.isValidTable(table)) {
            return false;
        }
        try (Jedis jedis = connectPrimary()) {
            return jedis.zcard(layout.index(table)) == 0;
        } catch (JedisException e) {
            return false;
        }
    }

    /**
     * Asks the server, once it answers, whether the database holds data this layout does not
     * write. A server that does not answer (or refuses the question) leaves the check owed: the
     * store's sessions then fail with statuses and the harness's pre-flight reports it.
     */
    private synchronized void checkLayout() {
        if (layoutChecked) {
            return;
        }
        Optional<RedisLayout.Foreign> foreign;
        try (Jedis jedis = connectPrimary()) {
            foreign = layout.foreignData(jedis, config.table());
        } catch (JedisDataException e) {
            if (String.valueOf(e.getMessage()).contains("DB index")) {
                throw new StoreConfigException(RedisConfig.DATABASE, Integer.toString(config.database()),
                        "the server refused it (" + e.getMessage() + ")");
            }
            return;
        } catch (JedisException e) {
            return;
        }
        if (foreign.isPresent()) {
            throw new StoreConfigException(RedisConfig.LAYOUT, config.layout().name().toLowerCase(Locale.ROOT),
                    (config.database() == 0 ? "database 0 of " : "") + target() + " holds " + foreign.get().found()
                            + ", which this layout does not write; " + foreign.get().remedy() + ". Nothing was"
                            + " written");
        }
        layoutChecked = true;
    }

    /** DUMPs every key of the store's layout into memory, bounded by {@code redis.image.maxbytes}. */
    @Override
    public synchronized StoreImage saveImage() {
        try (Jedis jedis = connectPrimary()) {
            RedisImage image = new RedisImager(jedis, layout, config.imageMaxBytes()).save(openImages::remove);
            openImages.add(image);
            return image;
        } catch (JedisException e) {
            throw new StoreException("saving an image of " + this + " failed: " + e.getMessage(), e);
        }
    }

    /** Deletes every key of the store's layout (those saved and those there now) and RESTOREs the image's. */
    @Override
    public synchronized void restoreImage(StoreImage image) {
        if (!(image instanceof RedisImage redisImage)) {
            throw new IllegalArgumentException("the redis store cannot restore " + image.describe()
                    + ": it is not a redis store image");
        }
        redisImage.payloads(); // refuses a closed image before anything is deleted
        try (Jedis jedis = connectPrimary()) {
            new RedisImager(jedis, layout, config.imageMaxBytes()).restore(redisImage);
        } catch (JedisException e) {
            throw new StoreException("restoring " + image.describe() + " into " + this + " failed, the records may"
                    + " be partly restored (restore again): " + e.getMessage(), e);
        }
    }

    /** Closes the sessions and the images still open. */
    @Override
    public void close() {
        for (Session session : openSessions) {
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
