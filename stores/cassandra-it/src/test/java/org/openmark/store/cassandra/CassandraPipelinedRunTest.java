package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Status;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * One seeded workload through the blocking sessions ({@code cassandra.pipelined=false}) and the
 * pipelined ones, each on the same freshly loaded rows: every operation name ends with the same
 * counts of each status, and the table holds the same rows afterwards. Half the keys read were
 * never loaded (NOT_FOUND); inserts, scans and READ-MODIFY-WRITE (blocking in both) run too. One
 * client thread in the closed model makes the order of the calls the seed's alone.
 */
class CassandraPipelinedRunTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static final String KEYSPACE = "pipelinedruns";
    private static final int LOADED = 200;
    private static CassandraStore admin;

    @BeforeAll
    static void open() {
        admin = CassandraCluster.open("cassandra.keyspace=" + KEYSPACE, "cassandra.replication=3", "fieldcount=4");
    }

    @AfterAll
    static void close() {
        if (admin != null) {
            admin.close();
        }
    }

    private static Map<String, String> workload(String pipelined, String... pairs) {
        Map<String, String> all = new HashMap<>(CLUSTER.properties().asMap());
        all.putAll(Map.of("store", "cassandra", "cassandra.keyspace", KEYSPACE, "cassandra.replication", "3",
                "cassandra.pipelined", pipelined, "recordcount", Integer.toString(2 * LOADED), "fieldcount", "4",
                "fieldlength", "40", "requestdistribution", "uniform", "seed", "11", "autoload", "false"));
        all.putAll(Map.of("readproportion", "0.4", "updateproportion", "0.25", "insertproportion", "0.1",
                "scanproportion", "0.15", "readmodifywriteproportion", "0.1", "maxscanlength", "10"));
        for (int i = 0; i < pairs.length; i += 2) {
            all.put(pairs[i], pairs[i + 1]);
        }
        return all;
    }

    private record Outcome(Map<String, Map<Status, Long>> statuses, Map<String, String> rows) {
    }

    private static Outcome runOnFreshData(String pipelined) {
        CassandraCluster.truncateAll(admin.driverSession(), KEYSPACE);
        Harness harness = new Harness();
        harness.run(Phase.LOAD, workload("false", "recordcount", Integer.toString(LOADED), "threadcount", "1"));
        RunResult run = harness.run(Phase.RUN, workload(pipelined, "model", "closed", "threadcount", "1",
                "operationcount", "800"));
        Map<String, Map<Status, Long>> statuses = new TreeMap<>();
        for (OpResult op : run.operations()) {
            statuses.put(op.name(), new TreeMap<>(op.statuses()));
        }
        Map<String, String> rows = new TreeMap<>();
        for (Row row : admin.driverSession().execute(SimpleStatement.newInstance("SELECT * FROM " + KEYSPACE
                + ".usertable").setConsistencyLevel(DefaultConsistencyLevel.ALL))) {
            StringBuilder fields = new StringBuilder();
            for (ColumnDefinition column : row.getColumnDefinitions()) {
                fields.append(column.getName().asInternal()).append('=').append(row.getObject(column.getName()))
                        .append(';');
            }
            rows.put(row.getString("y_id"), fields.toString());
        }
        return new Outcome(statuses, rows);
    }

    @Test
    void closedModel_oneClient_pipelinedStatusesAndRowsEqualBlockings() {
        Outcome blocking = runOnFreshData("false");
        Outcome pipelined = runOnFreshData("true");
        assertEquals(blocking.statuses(), pipelined.statuses(), "statuses per operation");
        assertEquals(blocking.rows(), pipelined.rows(), "the rows after the run");
        Map<Status, Long> reads = blocking.statuses().get("READ");
        assertTrue(reads.getOrDefault(Status.OK, 0L) > 0 && reads.getOrDefault(Status.NOT_FOUND, 0L) > 0,
                "reads found and missed keys: " + reads);
        assertTrue(blocking.statuses().keySet().containsAll(java.util.List.of("INSERT", "SCAN", "READ-MODIFY-WRITE",
                "UPDATE")), blocking.statuses().toString());
    }
}
