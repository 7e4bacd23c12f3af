package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.config.ConfigException;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * One data layout with YCSB's cassandra-cql binding, on the real 3-node cluster: a table made with
 * YCSB's documented CQL and filled as its binding fills it is read by openmark's workload with
 * dataintegrity; what openmark loads reads back, as YCSB's binding reads, as YCSB's values; a table
 * in another layout is refused and left as it was; openmark's earlier blob tables still work.
 */
class CassandraYcsbLayoutTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static final int RECORDS = 200;
    private static YcsbClient ycsb;

    @BeforeAll
    static void connect() {
        ycsb = new YcsbClient(CLUSTER.properties());
    }

    @AfterAll
    static void close() {
        if (ycsb != null) {
            ycsb.close();
        }
    }

    /** The cluster's address under YCSB's names only, as a -P file written for YCSB's binding gives it. */
    private static Map<String, String> ycsbProperties(String... keyValues) {
        Map<String, String> p = new HashMap<>();
        p.put("hosts", CLUSTER.properties().get("cassandra.hosts"));
        p.put("port", CLUSTER.properties().get("cassandra.port"));
        for (String keyValue : keyValues) {
            int eq = keyValue.indexOf('=');
            p.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
        }
        return p;
    }

    private static Map<String, String> workload(Map<String, String> p) {
        p.putAll(Map.of("store", "cassandra", "recordcount", Integer.toString(RECORDS), "operationcount", "600",
                "dataintegrity", "true", "insertorder", "ordered", "requestdistribution", "uniform",
                "readproportion", "0.7", "updateproportion", "0.2", "scanproportion", "0.1", "maxscanlength", "10"));
        p.putAll(Map.of("insertproportion", "0", "threadcount", "2", "model", "closed", "seed", "11"));
        return p;
    }

    private static void assertAllOk(RunResult r, String what) {
        assertTrue(r.accounting().addsUp(), what + ": " + r.accounting());
        assertEquals(Map.of(Status.OK, r.accounting().completed()), r.accounting().statuses(),
                what + ": " + r.warnings());
    }

    private static void assertYcsbReadsItsValues(String keyspace) {
        for (int r = 0; r < RECORDS; r++) {
            String key = "user" + r;
            Map<String, String> record = ycsb.read(keyspace, "usertable", key, YcsbClient.FIELD_COUNT);
            assertTrue(record != null, key);
            for (Map.Entry<String, String> field : record.entrySet()) {
                assertEquals(YcsbClient.deterministic(key, field.getKey()), field.getValue(), key + " " + field.getKey());
            }
        }
    }

    private static Map<String, String> ycsbColumns() {
        Map<String, String> columns = new TreeMap<>(Map.of("y_id", "text partition_key"));
        for (int i = 0; i < YcsbClient.FIELD_COUNT; i++) {
            columns.put("field" + i, "text regular");
        }
        return columns;
    }

    @Test
    void ycsbLoadedTable_openmarkRunWithDataIntegrityAndYcsbsNames_everyReadVerifies() {
        ycsb.createYcsbTable("ycsbdata");
        ycsb.loadDeterministic("ycsbdata", RECORDS);

        RunResult run = new Harness().run(Phase.RUN, workload(ycsbProperties("cassandra.keyspace=ycsbdata",
                "cassandra.readconsistencylevel=QUORUM", "cassandra.writeconsistencylevel=QUORUM",
                "cassandra.maxconnections=2", "cassandra.readtimeoutmillis=12000")));

        assertAllOk(run, "run on YCSB's data");
        OpResult reads = run.operations().stream().filter(o -> o.name().equals("READ")).findFirst().orElseThrow();
        assertTrue(reads.count() > 300, reads.statuses().toString());
        assertEquals(Map.of(Status.OK, reads.count()), reads.statuses(), "every read verified");
        assertEquals("QUORUM", run.storeFacts().get("readconsistency"));
        assertEquals("text", run.storeFacts().get("fieldtype"));
        // openmark's updates wrote the same values as text: YCSB still reads every record as its own
        assertYcsbReadsItsValues("ycsbdata");
        assertEquals(ycsbColumns(), ycsb.columnTypes("ycsbdata", "usertable"), "the table as YCSB made it");
    }

    @Test
    void openmarkLoad_tableInYcsbsLayout_ycsbReadsAndVerifiesEveryRecord() {
        Map<String, String> p = new HashMap<>(CLUSTER.properties().asMap());
        p.putAll(Map.of("cassandra.keyspace", "omload", "cassandra.replication", "3"));
        assertAllOk(new Harness().run(Phase.LOAD, workload(p)), "load");

        assertEquals(ycsbColumns(), ycsb.columnTypes("omload", "usertable"));
        assertYcsbReadsItsValues("omload");
        // YCSB's scan: token(y_id) >= token(start), every column (y_id too)
        List<Row> scanned = ycsb.execute("SELECT * FROM omload.usertable WHERE token(y_id) >= token(?) LIMIT ?",
                "user7", 5);
        assertEquals(5, scanned.size());
        for (Row row : scanned) {
            String key = row.getString("y_id");
            assertEquals(YcsbClient.deterministic(key, "field3"), row.getString("field3"), key);
        }
        // a YCSB update (setString) of a record openmark loaded, then openmark's read
        ycsb.execute("UPDATE omload.usertable SET field0 = ? WHERE y_id = ?", "written by ycsb", "user1");
        try (CassandraStore store = CassandraCluster.open("cassandra.keyspace=omload");
                Session session = store.newSession()) {
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("usertable", "user1", java.util.Set.of("field0"), read));
            assertEquals("written by ycsb", new String(read.get("field0"), java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }

    /** Tables in layouts openmark does not write, each with what the refusal says of it. */
    private static final Map<String, String[]> FOREIGN = Map.of(
            "intkey", new String[] {"y_id int PRIMARY KEY, " + fields(0, 10, "varchar"), "y_id is int, not varchar"},
            "otherkey", new String[] {"ycsb_key varchar PRIMARY KEY, " + fields(0, 10, "varchar"),
                "the partition key is (ycsb_key), not y_id alone"},
            "clustered", new String[] {"y_id varchar, seq int, " + fields(0, 10, "varchar") + ", PRIMARY KEY (y_id, seq)",
                "clustering column seq"},
            "intfield", new String[] {"y_id varchar PRIMARY KEY, field0 int, " + fields(1, 10, "varchar"),
                "field0 is int (fields must be varchar, or blob)"},
            "fewfields", new String[] {"y_id varchar PRIMARY KEY, " + fields(0, 5, "varchar"),
                "no column field5, field6, field7, field8, field9 (the run writes field0 .. field9"});

    private static String fields(int from, int to, String type) {
        StringBuilder columns = new StringBuilder();
        for (int i = from; i < to; i++) {
            columns.append(columns.isEmpty() ? "" : ", ").append("field").append(i).append(' ').append(type);
        }
        return columns.toString();
    }

    @Test
    void foreignLayouts_refusedAtOpenAndByTheHarness_tablesUnchanged() {
        ycsb.execute("CREATE KEYSPACE IF NOT EXISTS foreign WITH REPLICATION = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 3}");
        Map<String, List<String>> rowsBefore = new HashMap<>();
        Map<String, Map<String, String>> columnsBefore = new HashMap<>();
        FOREIGN.forEach((table, shape) -> {
            ycsb.execute("CREATE TABLE IF NOT EXISTS foreign." + table + " (" + shape[0] + ")");
            ycsb.execute(shape[0].startsWith("y_id int") ? "INSERT INTO foreign." + table + " (y_id) VALUES (1)"
                    : shape[0].startsWith("ycsb_key") ? "INSERT INTO foreign." + table + " (ycsb_key) VALUES ('user1')"
                    : shape[0].contains("seq int") ? "INSERT INTO foreign." + table + " (y_id, seq) VALUES ('user1', 1)"
                    : "INSERT INTO foreign." + table + " (y_id) VALUES ('user1')");
            rowsBefore.put(table, ycsb.rowsAsJson("foreign", table));
            columnsBefore.put(table, ycsb.columnTypes("foreign", table));
        });

        FOREIGN.forEach((table, shape) -> {
            StoreConfigException e = assertThrows(StoreConfigException.class,
                    () -> CassandraCluster.open("cassandra.keyspace=foreign", "table=" + table).close(), table);
            assertEquals("table", e.property());
            assertTrue(e.getMessage().startsWith("table=" + table + ": table foreign." + table
                    + " is in a layout openmark does not write (" + shape[1]), e.getMessage());
        });
        Map<String, String> load = workload(ycsbProperties("cassandra.keyspace=foreign", "table=intkey"));
        ConfigException refused = assertThrows(ConfigException.class, () -> new Harness().run(Phase.LOAD, load));
        assertTrue(refused.getMessage().contains("table=intkey: table foreign.intkey is in a layout openmark does not"
                + " write"), refused.getMessage());

        FOREIGN.keySet().forEach(table -> {
            assertEquals(rowsBefore.get(table), ycsb.rowsAsJson("foreign", table), table);
            assertEquals(columnsBefore.get(table), ycsb.columnTypes("foreign", table), table);
        });
    }

    @Test
    void sessionWritesToAnotherForeignTable_badRequestNothingWritten() {
        ycsb.execute("CREATE KEYSPACE IF NOT EXISTS foreign2 WITH REPLICATION = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 3}");
        ycsb.execute("CREATE TABLE IF NOT EXISTS foreign2.counts (y_id varchar PRIMARY KEY, field0 int)");
        try (CassandraStore store = CassandraCluster.open("cassandra.keyspace=foreign2", "fieldcount=1");
                Session session = store.newSession()) {
            assertEquals(Status.BAD_REQUEST, session.insert("counts", "k", Map.of("field0", new byte[] {'1'})));
            assertTrue(session.lastFailure().contains("field0 is int"), session.lastFailure());
            assertEquals(Status.BAD_REQUEST, session.read("counts", "k", null, new HashMap<>()));
            assertEquals(Status.BAD_REQUEST, session.delete("counts", "k"));
            assertEquals(Status.OK, session.insert("usertable", "k", Map.of("field0", new byte[] {'1'})));
        }
        assertEquals(List.of(), ycsb.rowsAsJson("foreign2", "counts"));
    }

    @Test
    void openmarksEarlierBlobTable_readAndWrittenByteExact() {
        ycsb.execute("CREATE KEYSPACE IF NOT EXISTS oldblob WITH REPLICATION = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 3}");
        ycsb.execute("CREATE TABLE IF NOT EXISTS oldblob.usertable (y_id text PRIMARY KEY, field0 blob, field1 blob)");
        byte[] every = new byte[256];
        for (int b = 0; b < 256; b++) {
            every[b] = (byte) b;
        }
        ycsb.execute("INSERT INTO oldblob.usertable (y_id, field0, field1) VALUES (?, ?, ?)", "old",
                ByteBuffer.wrap(every), ByteBuffer.wrap(new byte[0]));
        try (CassandraStore store = CassandraCluster.open("cassandra.keyspace=oldblob", "fieldcount=2");
                Session session = store.newSession()) {
            assertEquals("blob", store.facts().get("fieldtype"));
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("usertable", "old", null, read));
            assertArrayEquals(every, read.get("field0"));
            assertArrayEquals(new byte[0], read.get("field1"));
            byte[] reversed = new byte[256];
            for (int b = 0; b < 256; b++) {
                reversed[b] = (byte) (255 - b);
            }
            assertEquals(Status.OK, session.insert("usertable", "new", Map.of("field0", reversed, "field1", every)));
        }
        Row row = ycsb.execute("SELECT field0, field1 FROM oldblob.usertable WHERE y_id = 'new'").get(0);
        assertEquals(ByteBuffer.wrap(every), row.getByteBuffer(1));
        assertEquals(255, row.getByteBuffer(0).get(0) & 0xFF);
        assertEquals(Map.of("y_id", "text partition_key", "field0", "blob regular", "field1", "blob regular"),
                ycsb.columnTypes("oldblob", "usertable"), "the blob table stays blob");
    }
}
