package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.contract.ServicesFixture;

/**
 * Consistency levels on the real cluster (replication 3): a write at ALL is on every node. (With a node killed,
 * ALL refused while ONE goes on: {@link CassandraMembershipTest}, on its own cluster, which no class needs whole
 * afterwards; here the node's start again cost the classes waiting for this cluster 20-60 s.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraConsistencyTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static final byte[] VALUE = {1, 2, 3};

    private static CassandraStore open(String write, String read) {
        return CassandraCluster.open("cassandra.keyspace=levels", "cassandra.replication=3",
                "cassandra.writeconsistency=" + write, "cassandra.readconsistency=" + read);
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
}
