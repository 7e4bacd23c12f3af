package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Status;
import org.openmark.api.StoreProperties;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * {@code jdbc.connections} bounds the connections of the open model: while another transaction
 * holds the table locked, every operation waits, and the open model keeps exactly the bound in the
 * database (each waiting on the lock) and queues the rest, where before it started a session, and
 * so a connection, per waiting operation until PostgreSQL refused them ("too many clients", counted
 * as the store's errors). Once the lock is released every operation ends OK.
 */
@Tag("integration")
class JdbcConnectionBoundTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final int BOUND = 6;

    private static Connection connect() throws SQLException {
        StoreProperties p = SERVER.properties();
        return DriverManager.getConnection(p.get("jdbc.url"), p.get("jdbc.user"), p.get("jdbc.password"));
    }

    /** Backends (other than the caller's) whose statement on the table waits for a lock. */
    private static int waitingOnLock(Statement watch) throws SQLException {
        try (ResultSet rs = watch.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                + " AND query ILIKE '%bounded%' AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static int runningOnTable(Statement watch) throws SQLException {
        try (ResultSet rs = watch.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE query ILIKE '%UPDATE bounded%'"
                + " AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void openModel_tableLockedMidRun_exactlyTheBoundInTheDatabaseAndEveryOperationOk() throws Exception {
        Map<String, String> base = JdbcPhases.props(SERVER.properties().asMap(), "store", "jdbc", "table", "bounded", "recordcount",
                "100", "fieldcount", "2", "fieldlength", "10", "jdbc.connections", Integer.toString(BOUND));
        JdbcPhases phases = new JdbcPhases();
        phases.run(Phase.LOAD, JdbcPhases.props(base, "threadcount", "2"));

        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> phases.run(Phase.RUN,
                JdbcPhases.props(base, "model", "open", "rate", "300", "duration", "6s", "readproportion", "0.5",
                        "updateproportion", "0.5", "autoload", "false")));
        int most = 0;
        try (Connection lock = connect(); Connection watcher = connect(); Statement watch = watcher.createStatement()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (runningOnTable(watch) == 0 && System.nanoTime() < deadline && !run.isDone()) {
                Thread.onSpinWait(); // the run's first updates
            }
            lock.setAutoCommit(false);
            lock.createStatement().execute("LOCK TABLE bounded IN ACCESS EXCLUSIVE MODE");
            while (most < BOUND && System.nanoTime() < deadline) {
                most = Math.max(most, waitingOnLock(watch));
            }
            // a second more locked: at 300/s another 300 operations arrive, and none may add a connection
            long locked = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (System.nanoTime() < locked) {
                most = Math.max(most, waitingOnLock(watch));
            }
            lock.rollback();
        }
        RunResult result = run.get(120, TimeUnit.SECONDS);
        assertEquals(BOUND, most, "operations waiting in the database at once: " + phases.log());
        for (OpResult op : result.operations()) {
            assertEquals(Map.of(Status.OK, op.count()), op.statuses(), op.name() + ": " + result.warnings());
        }
        assertTrue(result.operations().stream().mapToLong(OpResult::count).sum() > 1000, result.operations().toString());
    }
}
