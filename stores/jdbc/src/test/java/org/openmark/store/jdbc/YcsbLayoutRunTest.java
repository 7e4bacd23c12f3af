package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * Whole phases of openmark's workload through the harness on data in YCSB's layout, on the real
 * PostgreSQL server the suite starts. Each test has a database of its own, so its table can be
 * YCSB's {@code usertable} itself. Data written by a plain JDBC client exactly as YCSB's
 * JdbcDBClient writes it is read with {@code dataintegrity=true}; what openmark writes is checked
 * by a plain client reading as JdbcDBClient reads; a table in another layout stops the run
 * before anything is written; a property file in YCSB's names runs.
 */
@Tag("integration")
class YcsbLayoutRunTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final int RECORDS = 1000;
    private static final int FIELDS = 10;
    private static final int LENGTH = 100;

    private final JdbcPhases phases = new JdbcPhases();

    /** A new, empty database; its URL. */
    private static String database(String name) throws SQLException {
        try (Connection admin = connect(SERVER.properties().get("jdbc.url")); Statement statement = admin.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name);
            statement.execute("CREATE DATABASE " + name);
        }
        String url = SERVER.properties().get("jdbc.url");
        return url.substring(0, url.lastIndexOf('/') + 1) + name;
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, SERVER.properties().get("jdbc.user"), SERVER.properties().get("jdbc.password"));
    }

    /** The store and workload properties of a run on {@code url} in openmark's names, with data integrity. */
    private static Map<String, String> workload(String url, String... more) {
        Map<String, String> p = JdbcPhases.props(SERVER.properties().asMap(), "jdbc.url", url, "store", "jdbc",
                "table", "usertable", "recordcount", Integer.toString(RECORDS), "fieldcount", Integer.toString(FIELDS),
                "fieldlength", Integer.toString(LENGTH), "dataintegrity", "true", "seed", "11");
        return JdbcPhases.props(p, more);
    }

    private static Map<String, String> mix(String url) {
        return workload(url, "operationcount", "3000", "readproportion", "0.5", "updateproportion", "0.3",
                "scanproportion", "0.05", "readmodifywriteproportion", "0.15", "insertproportion", "0",
                "writeallfields", "true", "maxscanlength", "10", "model", "closed", "threadcount", "2");
    }

    private static long count(RunResult result, String operation) {
        return result.operations().stream().filter(op -> op.name().equals(operation)).mapToLong(OpResult::count).sum();
    }

    /** Every operation OK: in particular no UNEXPECTED_STATE (a value that did not verify) and no ERROR. */
    private static void assertAllOk(RunResult result) {
        Map<Status, Long> statuses = result.accounting().statuses();
        assertEquals(result.accounting().completed(), statuses.getOrDefault(Status.OK, 0L), statuses + " " + result.warnings());
        assertEquals(0L, statuses.getOrDefault(Status.UNEXPECTED_STATE, 0L));
        assertTrue(result.operations().stream().filter(org.openmark.run.OpResult::dataCheck)
                .allMatch(o -> o.statuses().keySet().stream().allMatch(Status::isOk)), "a value that did not verify"
                + " ([VERIFY]): " + result.warnings());
        assertTrue(result.accounting().completed() > 0);
    }

    private static List<String> columns(Connection connection) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(
                "SELECT column_name || ' ' || data_type FROM information_schema.columns"
                        + " WHERE table_name = 'usertable' ORDER BY ordinal_position")) {
            while (rows.next()) {
                columns.add(rows.getString(1));
            }
        }
        return columns;
    }

    private static long scalar(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }

    @Test
    void ycsbLoadedTable_runWithDataIntegrity_everyReadVerifiesAndYcsbsReadVerifiesEveryRow() throws SQLException {
        String url = database("ycsb_loaded");
        long loadedBy;
        List<String> ycsbColumns;
        try (Connection ycsb = connect(url)) {
            YcsbRows.createTable(ycsb, "usertable", FIELDS);
            YcsbRows.load(ycsb, "usertable", RECORDS, FIELDS, LENGTH);
            loadedBy = scalar(ycsb, "SELECT txid_current()");
            ycsbColumns = columns(ycsb);
        }

        RunResult run = phases.run(Phase.RUN, mix(url));

        assertAllOk(run);
        assertTrue(count(run, "READ") > 1000, run.operations().toString());
        assertTrue(count(run, "UPDATE") > 500, run.operations().toString());
        assertTrue(count(run, "SCAN") > 0, run.operations().toString());
        try (Connection ycsb = connect(url)) {
            assertEquals(List.of(), YcsbRows.mismatches(ycsb, "usertable", RECORDS, FIELDS, LENGTH));
            assertEquals(RECORDS, scalar(ycsb, "SELECT count(*) FROM usertable"));
            assertTrue(scalar(ycsb, "SELECT count(*) FROM usertable WHERE xmin::text::bigint > " + loadedBy) > 300,
                    "openmark rewrote rows, and YCSB's read verified them");
            assertEquals(ycsbColumns, columns(ycsb));
        }
    }

    @Test
    void openmarkLoad_ycsbsTableAndYcsbsReadVerifiesEveryRow() throws SQLException {
        String url = database("openmark_loaded");

        RunResult load = phases.run(Phase.LOAD, workload(url));

        assertAllOk(load);
        try (Connection ycsb = connect(url)) {
            List<String> expected = new ArrayList<>(List.of("ycsb_key character varying"));
            for (int f = 0; f < FIELDS; f++) {
                expected.add("field" + f + " text");
            }
            assertEquals(expected, columns(ycsb));
            assertEquals(List.of(), YcsbRows.mismatches(ycsb, "usertable", RECORDS, FIELDS, LENGTH));
        }
    }

    @Test
    void tableInAnotherLayout_loadAndRunRefusedAsBadInputAndNothingWritten() throws SQLException {
        String url = database("foreign_layout");
        String before;
        try (Connection other = connect(url); Statement statement = other.createStatement()) {
            statement.execute("CREATE TABLE usertable (YCSB_KEY VARCHAR PRIMARY KEY, field0 INTEGER, field1 TEXT, field2 TEXT,"
                    + " field3 TEXT, field4 TEXT, field5 TEXT, field6 TEXT, field7 TEXT, field8 TEXT, field9 TEXT)");
            statement.execute("INSERT INTO usertable (YCSB_KEY, field0, field1) VALUES ('user1', 7, 'a'), ('user2', 8, 'b')");
            before = columns(other) + " " + scalar(other, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
                    + " " + scalar(other, "SELECT sum(field0) FROM usertable") + " " + scalar(other, "SELECT count(*) FROM usertable");
        }

        ConfigException load = assertThrows(ConfigException.class, () -> phases.run(Phase.LOAD, workload(url)));
        ConfigException run = assertThrows(ConfigException.class, () -> phases.run(Phase.RUN, mix(url)));

        for (ConfigException e : List.of(load, run)) {
            assertTrue(e.getMessage().startsWith("table=usertable: in jdbc:postgresql://"), e.getMessage());
            assertTrue(e.getMessage().contains("field0 int4 (not text or binary)"), e.getMessage());
            assertTrue(e.getMessage().contains("so it wrote nothing"), e.getMessage());
        }
        try (Connection other = connect(url)) {
            assertEquals(before, columns(other) + " " + scalar(other, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
                    + " " + scalar(other, "SELECT sum(field0) FROM usertable") + " " + scalar(other, "SELECT count(*) FROM usertable"));
        }
    }

    @Test
    void ycsbPropertyFile_loadAndRunWithDataIntegrity() throws SQLException, IOException {
        String url = database("ycsb_names");
        // a db.properties as YCSB's jdbc README writes it, read as -P reads a file
        Properties file = new Properties();
        file.load(new StringReader(String.join("\n",
                "db.driver=org.postgresql.Driver",
                "db.url=" + url,
                "db.user=" + SERVER.properties().get("jdbc.user"),
                "db.passwd=" + SERVER.properties().get("jdbc.password"),
                "db.batchsize=100",
                "jdbc.batchupdateapi=true",
                "jdbc.fetchsize=10",
                "jdbc.autocommit=true")));
        Map<String, String> ycsbNames = new HashMap<>();
        file.forEach((name, value) -> ycsbNames.put((String) name, (String) value));
        Map<String, String> load = new HashMap<>(workload(url));
        load.keySet().removeIf(name -> name.startsWith("jdbc."));
        load.putAll(ycsbNames);
        Map<String, String> run = new HashMap<>(mix(url));
        run.keySet().removeIf(name -> name.startsWith("jdbc."));
        run.putAll(ycsbNames);

        RunResult loaded = phases.run(Phase.LOAD, load);
        RunResult ran = phases.run(Phase.RUN, run);

        assertAllOk(loaded);
        assertAllOk(ran);
        assertEquals(List.of(), ran.warnings().stream().filter(w -> w.contains("db.") || w.contains("jdbc.")).toList());
        try (Connection ycsb = connect(url)) {
            assertEquals(List.of(), YcsbRows.mismatches(ycsb, "usertable", RECORDS, FIELDS, LENGTH));
        }
    }
}
