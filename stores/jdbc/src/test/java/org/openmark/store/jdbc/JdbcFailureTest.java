package org.openmark.store.jdbc;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreProperties;

/** Database errors come back as statuses, never as exceptions. */
@Tag("integration")
class JdbcFailureTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final Map<String, byte[]> VALUES = Map.of("field0", "v".getBytes(UTF_8));

    @Test
    void everyOperation_nothingListening_serviceUnavailable() throws IOException {
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/openmark";
        try (JdbcStore store = new JdbcStoreFactory().open(StoreProperties.of(Map.of("jdbc.url", url, "jdbc.createtable", "false")));
                Session session = store.newSession()) {
            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("t", "k", null, new HashMap<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.scan("t", "k", 5, null, new ArrayList<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.insert("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.update("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.delete("t", "k"));
            assertFalse(store.isKnownEmpty("t"), "cannot tell, so not known empty");
        }
    }

    @Test
    void facts_nothingListening_emptyWithoutThrowing() throws IOException {
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/openmark";
        try (JdbcStore store = new JdbcStoreFactory().open(StoreProperties.of(Map.of("jdbc.url", url)))) {
            assertEquals(Map.of(), store.facts());
        }
    }

    @Test
    void insert_nothingListeningWithCreateTable_serviceUnavailable() throws IOException {
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/openmark";
        try (JdbcStore store = new JdbcStoreFactory().open(StoreProperties.of(Map.of("jdbc.url", url)));
                Session session = store.newSession()) {
            assertEquals(Status.SERVICE_UNAVAILABLE, session.insert("t", "k", VALUES));
        }
    }

    @Test
    void commit_unitWhoseDatabaseIsUnreachable_aborted() throws IOException {
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/openmark";
        try (JdbcStore store = new JdbcStoreFactory().open(StoreProperties.of(Map.of("jdbc.url", url)));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.start());
            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("t", "k", null, new HashMap<>()));

            assertEquals(Status.ABORTED, session.commit());
        }
    }

    @Test
    void update_blockedByAnotherUnitsRowLockPastQueryTimeout_timeout() {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("jdbc.querytimeout=1", "fieldcount=1"));
                Session holder = store.newSession(); Session waiter = store.newSession()) {
            holder.insert("locked", "k", VALUES);
            holder.start();
            holder.update("locked", "k", VALUES);

            assertEquals(Status.TIMEOUT, waiter.update("locked", "k", VALUES));

            holder.abort();
            assertEquals(Status.OK, waiter.update("locked", "k", VALUES), "the waiter's session still works");
        }
    }

    @Test
    void read_afterServerEndedTheConnection_serviceUnavailableThenReconnects() throws SQLException {
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=1"));
                Session session = store.newSession()) {
            session.insert("terminated", "k", VALUES);
            assertEquals(Status.OK, session.read("terminated", "k", null, new HashMap<>()));
            terminateOtherBackends();

            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("terminated", "k", null, new HashMap<>()));

            assertEquals(Status.OK, session.read("terminated", "k", null, new HashMap<>()));
        }
    }

    private static void terminateOtherBackends() throws SQLException {
        StoreProperties properties = SERVER.properties();
        try (Connection admin = DriverManager.getConnection(properties.get("jdbc.url"), properties.get("jdbc.user"),
                properties.get("jdbc.password"));
                Statement statement = admin.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND pid <> pg_backend_pid()");
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
