package org.openmark.store.jdbc;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/**
 * Opens a relational database through JDBC ({@code --store jdbc}, YCSB's {@code site.ycsb.db.JdbcDBClient});
 * PostgreSQL's driver is included.
 */
public final class JdbcStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "jdbc";
    }

    @Override
    public String description() {
        return "a SQL database through JDBC (PostgreSQL driver included): YCSB's table layout (YCSB_KEY, text fields),"
                + " transactions with a chosen isolation";
    }

    @Override
    public Set<String> propertyNames() {
        return JdbcConfig.PROPERTY_NAMES;
    }

    @Override
    public void validate(StoreProperties properties) {
        JdbcConfig.from(properties);
    }

    @Override
    public JdbcStore open(StoreProperties properties) {
        return new JdbcStore(JdbcConfig.from(properties));
    }
}
