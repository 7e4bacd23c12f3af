package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.contract.ServicesFixture;

/**
 * Consistency levels on the real cluster (replication 3): a write at ALL is on every node; with a
 * node killed, ALL is refused as SERVICE_UNAVAILABLE (the driver's reason counted) while ONE goes on.
 * The killed node is started again at the end, for the test classes that follow.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraConsistencyTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static final byte[] VALUE = {1, 2, 3};
    /** How long the other nodes may take to notice a killed one (gossip's failure detector). */
    private static final long DETECTION_MS = 60_000;
    private static boolean killed;

    private static CassandraStore open(String write, String read) {
        return CassandraCluster.open("cassandra.keyspace=levels", "cassandra.replication=3",
                "cassandra.writeconsistency=" + write, "cassandra.readconsistency=" + read);
    }

    @AfterAll
    static void startKilledNodeAgain() {
        if (killed) {
            CLUSTER.services("start-node", "cassandra", "3");
        }
    }

    @Test
    @Order(1)
    void writeAtAll_readAtOneFromEveryNode_everyNodeHasIt() {
        try (CassandraStore store = open("ALL", "ONE"); Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert("usertable", "all1", Map.of("field0", VALUE)));
            Set<String> coordinators = new TreeSet<>();
            for (Node node : store.driverSession().getMetadata().getNodes().values()) {
                // the node coordinates a read at ONE: with replication 3 it reads its own copy
                Row row = store.driverSession().execute(SimpleStatement
                        .newInstance("SELECT field0 FROM levels.usertable WHERE y_id = 'all1'")
                        .setConsistencyLevel(DefaultConsistencyLevel.ONE).setNode(node)).one();
                assertNotNull(row, "node " + node.getEndPoint());
                // a varchar field: one char per byte
                assertEquals("\u0001\u0002\u0003", row.getString(0));
                coordinators.add(node.getEndPoint().toString());
            }
            assertEquals(3, coordinators.size(), coordinators.toString());
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("usertable", "all1", null, read));
            assertArrayEquals(VALUE, read.get("field0"));
        }
    }

    @Test
    @Order(2)
    void nodeKilled_allUnavailableWhileOneSucceeds() throws InterruptedException {
        try (CassandraStore all = open("ALL", "ALL"); CassandraStore one = open("ONE", "ONE");
                Session atAll = all.newSession(); Session atOne = one.newSession()) {
            assertEquals(Status.OK, atAll.insert("usertable", "k0", Map.of("field0", VALUE)));
            CLUSTER.services("kill-node", "cassandra", "3");
            killed = true;

            // until the others convict the dead node, a write at ALL times out waiting for it (or
            // fails on the connection to it): both are statuses, and then Unavailable comes
            Status status;
            long deadline = System.currentTimeMillis() + DETECTION_MS;
            do {
                status = atAll.insert("usertable", "k1", Map.of("field0", VALUE));
                assertTrue(status == Status.TIMEOUT || status == Status.SERVICE_UNAVAILABLE,
                        status + ": " + atAll.lastFailure());
                if (!atAll.lastFailure().contains("UnavailableException")) {
                    Thread.sleep(500);
                }
            } while (!atAll.lastFailure().contains("UnavailableException") && System.currentTimeMillis() < deadline);

            assertEquals(Status.SERVICE_UNAVAILABLE, status, atAll.lastFailure());
            assertTrue(atAll.lastFailure().contains("UnavailableException"), atAll.lastFailure());
            assertEquals(Status.SERVICE_UNAVAILABLE, atAll.read("usertable", "k0", null, new HashMap<>()));
            assertTrue(all.facts().get("failures").contains("SERVICE_UNAVAILABLE UnavailableException at ALL"),
                    all.facts().toString());
            assertEquals(Status.OK, atOne.insert("usertable", "k2", Map.of("field0", VALUE)));
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, atOne.read("usertable", "k0", null, read));
            assertArrayEquals(VALUE, read.get("field0"));
            assertEquals(null, one.facts().get("failures"), one.facts().toString());
        }
    }
}
