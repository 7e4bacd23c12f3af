package org.openmark.store.jdbc;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Session;
import org.openmark.api.Store;

/**
 * A relational database reached through JDBC as an openmark store: one table per openmark
 * table, a {@code YCSB_KEY} primary key and one column per field. Opening does not connect:
 * each session connects on first use, so an unreachable database shows up as statuses.
 */
public final class JdbcStore implements Store {
    private final JdbcConfig config;
    private final JdbcConnector connector;
    private final JdbcTables tables;
    private final Set<JdbcSession> openSessions = ConcurrentHashMap.newKeySet();

    JdbcStore(JdbcConfig config) {
        this.config = config;
        this.connector = new JdbcConnector(config);
        this.tables = new JdbcTables(config, connector);
    }

    /** The validated settings. */
    public JdbcConfig config() {
        return config;
    }

    @Override
    public Session newSession() {
        JdbcSession session = new JdbcSession(config, connector, tables, openSessions::remove);
        openSessions.add(session);
        return session;
    }

    /** True when the table has no row, or does not exist yet (the first insert creates it). */
    @Override
    public boolean isKnownEmpty(String table) {
        return tables.isKnownEmpty(table);
    }

    /** Closes the sessions still open (sending their queued inserts). */
    @Override
    public void close() {
        for (JdbcSession session : openSessions) {
            session.close();
        }
    }

    @Override
    public String toString() {
        return "JdbcStore[" + config + "]";
    }
}
