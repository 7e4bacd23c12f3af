package org.openmark.store.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ContentHash;
import org.openmark.store.contract.ServicesFixture;

/**
 * One seeded workload through the blocking sessions ({@code redis.pipelined=false}) and through
 * the pipelined ones, each on the same freshly loaded data: every operation name ends with the
 * same counts of each status, and (in the closed model) the database holds the same records afterwards. The workload
 * reads and updates keys of which half were never loaded (NOT_FOUND), inserts, scans and runs
 * READ-MODIFY-WRITE (blocking on both), so every kind of call and both outcomes of a lookup are
 * compared. In the closed model one client thread makes the order of the calls, and so every
 * status, the seed's alone.
 */
@Tag("integration")
class RedisPipelinedRunTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final int LOADED = 200;

    private static Map<String, String> workload(String pipelined, String... pairs) {
        Map<String, String> base = WorkloadRuns.with(SERVER.properties().asMap(), "store", "redis",
                "redis.database", Integer.toString(RedisTestDatabases.PIPELINED_RUNS), "redis.pipelined", pipelined,
                "recordcount", Integer.toString(2 * LOADED), "fieldcount", "4", "fieldlength", "40",
                "readproportion", "0.4", "updateproportion", "0.25", "insertproportion", "0.1", "scanproportion",
                "0.15", "readmodifywriteproportion", "0.1", "maxscanlength", "10", "requestdistribution", "uniform",
                "seed", "11", "autoload", "false");
        return WorkloadRuns.with(base, pairs);
    }

    /** Empties the database, loads the first {@link #LOADED} keys, runs, and gives the statuses and the contents after. */
    private static Outcome runOnFreshData(String pipelined, String... pairs) {
        RedisTestDatabases.flush(SERVER, RedisTestDatabases.PIPELINED_RUNS);
        WorkloadRuns.run(Phase.LOAD, workload("false", "recordcount", Integer.toString(LOADED), "threadcount", "1"));
        RunResult run = WorkloadRuns.run(Phase.RUN, workload(pipelined, pairs));
        Map<String, Map<Status, Long>> statuses = new TreeMap<>();
        for (OpResult op : run.operations()) {
            statuses.put(op.name(), new TreeMap<>(op.statuses()));
        }
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.database="
                + RedisTestDatabases.PIPELINED_RUNS)); Session session = store.newSession()) {
            return new Outcome(statuses, ContentHash.of(session, "usertable"), run);
        }
    }

    private record Outcome(Map<String, Map<Status, Long>> statuses, ContentHash contents, RunResult run) {
    }

    private static void assertSameStatuses(Outcome blocking, Outcome pipelined) {
        assertEquals(blocking.statuses(), pipelined.statuses(), "statuses per operation");
        for (String name : new String[] {"READ", "UPDATE"}) {
            Map<Status, Long> s = blocking.statuses().get(name);
            assertTrue(s.getOrDefault(Status.OK, 0L) > 0 && s.getOrDefault(Status.NOT_FOUND, 0L) > 0,
                    name + " found and missed keys: " + s);
        }
        assertTrue(blocking.statuses().containsKey("SCAN") && blocking.statuses().containsKey("READ-MODIFY-WRITE"),
                blocking.statuses().toString());
    }

    @Test
    void closedModel_oneClient_pipelinedStatusesAndRecordsEqualBlockings() {
        String[] closed = {"model", "closed", "threadcount", "1", "operationcount", "1500"};
        Outcome blocking = runOnFreshData("false", closed);
        Outcome pipelined = runOnFreshData("true", closed);
        assertSameStatuses(blocking, pipelined);
        assertEquals(blocking.contents(), pipelined.contents(), "the records after the run");
        assertTrue(blocking.statuses().containsKey("INSERT"), blocking.statuses().toString());
    }

    /**
     * Without inserts: the open model makes an operation before the one before it has ended, and a
     * key is chosen below the last insert acknowledged, so with inserts the keys would depend on
     * timing. Every other key, and so every status, is the seed's. The records afterwards are not
     * compared: two updates of one record that overlap may land in either order.
     */
    @Test
    void openModel_noInserts_pipelinedStatusesAndRecordsEqualBlockings() {
        String[] open = {"model", "open", "rate", "500", "arrival", "poisson", "operationcount", "1500",
            "insertproportion", "0", "readproportion", "0.5"};
        Outcome blocking = runOnFreshData("false", open);
        Outcome pipelined = runOnFreshData("true", open);
        assertSameStatuses(blocking, pipelined);
    }
}
