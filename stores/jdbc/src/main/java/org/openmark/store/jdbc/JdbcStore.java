package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.AskedOnce;
import org.openmark.api.Imageable;
import org.openmark.api.Secrets;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * A relational database reached through JDBC as an openmark store, in YCSB's layout: one table
 * per openmark table, a {@code YCSB_KEY} primary key and one text column per field (binary
 * columns too, see {@link FieldEncoding}). Opening looks at the workload's table, if the
 * database answers, and refuses it when it is in another layout; otherwise each session
 * connects on first use, so an unreachable database shows up as statuses.
 * Images ({@link Imageable}) are table copies in the same schema (see {@link JdbcImager});
 * sessions keep their connections and work on across restores.
 */
public final class JdbcStore implements Store, Imageable {
    private final JdbcConfig config;
    private final JdbcConnector connector;
    private final JdbcTables tables;
    private final Set<JdbcSession> openSessions = ConcurrentHashMap.newKeySet();
    private final Set<JdbcImage> openImages = ConcurrentHashMap.newKeySet();
    private final JdbcImager imager;
    private int imagesSaved;
    /** The server's facts, asked once by {@link #facts()}. */
    private final AskedOnce facts = new AskedOnce(this::askFacts);

    /** @throws org.openmark.api.StoreConfigException when the workload's table is in a layout the store does not write */
    JdbcStore(JdbcConfig config) {
        this.config = config;
        this.connector = new JdbcConnector(config);
        this.tables = new JdbcTables(config, connector);
        this.imager = new JdbcImager(config, connector);
        tables.checkAtOpen(config.table());
    }

    /** The JDBC URL and user, for error messages (never the password). */
    @Override
    public String target() {
        return Secrets.maskInside(config.url()) + (config.user() != null ? " as user " + config.user() : "");
    }

    /** The validated settings. */
    public JdbcConfig config() {
        return config;
    }

    /**
     * The database's {@code product} and server {@code version} as its driver reports them
     * ({@code DatabaseMetaData}; for PostgreSQL the server's {@code server_version}), asked once
     * on a connection of its own and remembered; empty when the database did not answer then.
     */
    @Override
    public Map<String, String> facts() {
        return facts.get();
    }

    private Map<String, String> askFacts() {
        Map<String, String> known = new TreeMap<>();
        try (Connection connection = connector.open()) {
            DatabaseMetaData metaData = connection.getMetaData();
            putIfPresent(known, "product", metaData.getDatabaseProductName());
            putIfPresent(known, "version", metaData.getDatabaseProductVersion());
        } catch (SQLException | RuntimeException e) {
            // what was learned before the failure stays: a result records what is known
        }
        return Map.copyOf(known);
    }

    private static void putIfPresent(Map<String, String> facts, String key, String value) {
        if (value != null && !value.isBlank()) {
            facts.put(key, value.trim());
        }
    }

    @Override
    public Session newSession() {
        JdbcSession session = new JdbcSession(config, connector, tables, openSessions::remove);
        openSessions.add(session);
        return session;
    }

    /**
     * {@code jdbc.connections}: each session of the open model holds a connection, so keeping no
     * more operations in flight bounds the connections. Without it a stall (a lock, a checkpoint, a
     * machine that stopped) made the open model start a session per waiting operation, hundreds of
     * connections, until the database refused them ("too many clients", counted as the store's
     * errors although openmark had asked for them). Operations now wait for a place, and the wait
     * is in their send lag and response time.
     */
    @Override
    public int maxOutstandingRequests() {
        return config.connections();
    }

    /** True when the table has no row, or does not exist yet (the first insert creates it). */
    @Override
    public boolean isKnownEmpty(String table) {
        return tables.isKnownEmpty(table);
    }

    /** Copies every table of the store into {@code <table>__image_<n>} tables, in one transaction. */
    @Override
    public synchronized StoreImage saveImage() {
        JdbcImage image = imager.save(++imagesSaved, openImages::remove);
        openImages.add(image);
        return image;
    }

    /** Empties every table and copies the image's rows back, in one transaction. */
    @Override
    public synchronized void restoreImage(StoreImage image) {
        if (!(image instanceof JdbcImage jdbcImage)) {
            throw new IllegalArgumentException("the jdbc store cannot restore " + image.describe()
                    + ": it is not a jdbc store image");
        }
        imager.restore(jdbcImage);
    }

    /**
     * Closes the sessions still open (sending their queued inserts), then drops the images
     * still open; throws, after trying them all, when an image cannot be dropped.
     */
    @Override
    public void close() {
        for (JdbcSession session : openSessions) {
            session.close();
        }
        StoreException failure = null;
        for (JdbcImage image : openImages) {
            try {
                image.close();
            } catch (StoreException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return "JdbcStore[" + config + "]";
    }
}
