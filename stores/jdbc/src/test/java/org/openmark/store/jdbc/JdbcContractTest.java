package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/**
 * The shared store contract on a real PostgreSQL server, in YCSB's fixed table layout (a key
 * column and TEXT columns field0 … field10): the same semantics as every store, except that the
 * table's primary key refuses an insert of an existing key and that PostgreSQL's text cannot
 * hold byte 0.
 */
@Tag("integration")
class JdbcContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");

    @Override
    protected Store openStore() {
        JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=11"));
        // A fresh, empty table: the store creates it before its first insert; empty it from outside.
        try (Session s = store.newSession()) {
            s.insert(TABLE, "contract-setup", Map.of("field0", new byte[] {1}));
        }
        try (Connection c = DriverManager.getConnection(store.config().url(), store.config().user(),
                store.config().password()); Statement st = c.createStatement()) {
            st.execute("TRUNCATE TABLE " + TABLE);
        } catch (SQLException e) {
            store.close();
            throw new IllegalStateException("cannot empty " + TABLE + ": " + e.getMessage(), e);
        }
        return store;
    }

    @Override
    protected Status insertOfExistingKeyRefusedWith() {
        return Status.ERROR;
    }

    @Override
    protected boolean holdsByte(int unsignedByte) {
        return unsignedByte != 0;
    }
}
