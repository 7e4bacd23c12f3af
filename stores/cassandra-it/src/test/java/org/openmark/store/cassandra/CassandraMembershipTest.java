package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.openmark.api.NodeActivity;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;

/**
 * Membership changes through the services manager (the fixture runs its commands) on a loaded 3-node cluster of
 * its own (replication 3), the only test here that changes a ring:
 * an added node streams its ranges before it serves (its load and partitions are not zero, and a
 * read at ONE coordinated by each replica of each loaded key finds it; the store saw gossip take it
 * from BOOT to NORMAL, and then saw it answer reads as their coordinator), and decommissioning it
 * again leaves every key readable on the three nodes. Last, a node killed: ALL is refused as
 * SERVICE_UNAVAILABLE (the driver's reason counted) while ONE goes on; no class needs this cluster whole
 * afterwards, so the node is not started again (on the shared cluster that start cost the waiting classes
 * 20-60 s).
 *
 * <p>Its cluster is not the one the other test classes share, so it runs beside them (JUnit's parallel
 * execution, switched on for this module in junit-platform.properties): its minutes, most of them Cassandra's
 * ring delay, pass while the others use theirs. The shared cluster starts first ({@link
 * ServicesFixture#startedFirst}): the run's clusters start one after another, and every other class waits for
 * that one.
 */
@Execution(ExecutionMode.CONCURRENT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraMembershipTest {
    @RegisterExtension
    @Order(1)
    static final BeforeAllCallback SHARED_CLUSTER_FIRST = CassandraCluster.NODES.startedFirst();
    @RegisterExtension
    @Order(2)
    static final ServicesFixture CLUSTER = ServicesFixture.of("cassandra", CassandraCluster.RING, "--nodes", "3");
    /** How long the other nodes may take to notice a killed one (gossip's failure detector). */
    private static final long DETECTION_MS = 60_000;
    private static final byte[] VALUE = {1, 2, 3};
    private static final int RECORDS = 2000;
    private static final String KEYSPACE = "members";
    private static final Pattern RECEIVED = Pattern.compile("(\\d+) files received, ([0-9.]+) (B|KiB|MiB|GiB)");
    private static final String NODE4 = "127.0.0.4";
    private static final long READ_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** No other test uses this cluster: its nodes go now, not with the run's (their CPU is the others'). */
    @AfterAll
    static void stopTheRing() {
        CLUSTER.services("stop", CassandraCluster.RING);
    }

    @Test
    @Order(1)
    @Execution(ExecutionMode.SAME_THREAD) // the class runs beside the others; its tests one after the other
    void addNode_loadedCluster_newNodeStreamedItsRangesAndEveryKeyIsFoundAtOne() throws InterruptedException {
        Map<String, String> p = new HashMap<>(CLUSTER.properties().asMap());
        p.putAll(Map.of("cassandra.keyspace", KEYSPACE, "cassandra.replication", "3", "store", "cassandra",
                "recordcount", Integer.toString(RECORDS), "insertorder", "ordered", "threadcount", "4",
                "model", "closed", "seed", "3"));
        RunResult load = new Harness().run(Phase.LOAD, p);
        assertEquals(Map.of(Status.OK, (long) RECORDS), load.accounting().statuses(), load.warnings().toString());
        CassandraStore before = new CassandraStoreFactory().open(CLUSTER.properties("cassandra.keyspace=" + KEYSPACE));
        assertEquals("3", before.facts().get("nodes"));

        // the client's view while the node joins: a reader through the store, and its nodes once a second
        List<List<NodeActivity>> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicBoolean joined = new java.util.concurrent.atomic.AtomicBoolean();
        Thread watcher = new Thread(() -> watch(before, seen, joined), "node-watch");
        watcher.start();
        String said = CLUSTER.services("add-node", CassandraCluster.RING).err();
        // token-aware routing sends the new node the reads of its ranges once the driver knows it
        long servingBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!answeredBy(seen, NODE4) && System.nanoTime() < servingBy) {
            Thread.sleep(200);
        }
        joined.set(true);
        watcher.join(10_000);
        List<String> states = new ArrayList<>();
        synchronized (seen) {
            for (List<NodeActivity> nodes : seen) {
                nodes.stream().filter(a -> a.node().equals(NODE4) && !a.state().isEmpty()).findFirst()
                        .ifPresent(a -> {
                            if (states.isEmpty() || !states.get(states.size() - 1).equals(a.state())) {
                                states.add(a.state());
                            }
                        });
            }
        }
        assertEquals(List.of("BOOT", "NORMAL"), states, "gossip's states of node 4, as the store saw them");
        assertTrue(answeredBy(seen, NODE4), "node 4 answered none of the reads: " + seen.get(seen.size() - 1));
        NodeActivity last = seen.get(seen.size() - 1).stream().filter(a -> a.node().equals(NODE4)).findFirst()
                .orElseThrow();
        assertTrue(last.tableBytes() >= 0, "node 4's size of the table is known: " + last);

        // a run's facts describe the cluster it began on, and tell the node that joined meanwhile
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (before.facts().get("nodesAtEnd") == null && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertEquals("3", before.facts().get("nodes"));
        assertEquals("4", before.facts().get("nodesAtEnd"), before.facts().toString());
        before.close();

        Matcher received = RECEIVED.matcher(said);
        assertTrue(received.find(), said);
        assertTrue(Integer.parseInt(received.group(1)) > 0 && Double.parseDouble(received.group(2)) > 0, said);
        // its own figures, not gossip's minute-old copy: a node that streamed nothing holds 0 partitions
        long partitions = Long.parseLong(nodetool(4, "tablestats", KEYSPACE + ".usertable")
                .replaceAll("(?s).*Number of partitions \\(estimate\\): (\\d+).*", "$1"));
        assertTrue(partitions > RECORDS / 2, "node 4 holds about 3/4 of the keys, not " + partitions);
        assertEveryKeyFoundAtOneOnEveryReplica(4);
    }

    @Test
    @Order(2)
    @Execution(ExecutionMode.SAME_THREAD)
    void decommissionNode_addedNode_leavesAndEveryKeyIsFoundOnTheThree() throws InterruptedException {
        String said = CLUSTER.services("decommission-node", CassandraCluster.RING, "4").err();

        assertTrue(said.contains("node 4 left after"), said);
        assertTrue(CLUSTER.services("status").out().contains("node4=removed"));
        assertEveryKeyFoundAtOneOnEveryReplica(3);
    }

    @Test
    @Order(3)
    @Execution(ExecutionMode.SAME_THREAD)
    void nodeKilled_allUnavailableWhileOneSucceeds() throws InterruptedException {
        try (CassandraStore all = open("ALL", "ALL"); CassandraStore one = open("ONE", "ONE");
                Session atAll = all.newSession(); Session atOne = one.newSession()) {
            assertEquals(Status.OK, atAll.insert("usertable", "k0", Map.of("field0", VALUE)));
            CLUSTER.services("kill-node", CassandraCluster.RING, "3");

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

    private static CassandraStore open(String write, String read) {
        return new CassandraStoreFactory().open(CLUSTER.properties("cassandra.keyspace=levels",
                "cassandra.replication=3", "cassandra.writeconsistency=" + write, "cassandra.readconsistency=" + read));
    }

    /**
     * Reads loaded keys through {@code store}, 200 a second, and keeps its view of the nodes twice a second, until
     * {@code done}. (Unpaced, the reader kept a core busy in this JVM and the nodes for the whole join, and the
     * join itself took longer: the test cost 208 s of CPU.)
     */
    private static void watch(CassandraStore store, List<List<NodeActivity>> seen,
            java.util.concurrent.atomic.AtomicBoolean done) {
        org.openmark.api.Session session = store.newSession();
        java.util.Random random = new java.util.Random(3);
        long next = 0;
        while (!done.get()) {
            session.read("usertable", "user" + random.nextInt(RECORDS), null, new HashMap<>());
            java.util.concurrent.locks.LockSupport.parkNanos(READ_EVERY_NANOS);
            if (System.nanoTime() >= next) {
                seen.add(store.nodeActivity());
                next = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
            }
        }
        session.close();
    }

    private static boolean answeredBy(List<List<NodeActivity>> seen, String node) {
        synchronized (seen) {
            return !seen.isEmpty() && seen.get(seen.size() - 1).stream()
                    .anyMatch(a -> a.node().equals(node) && a.requests() > 0);
        }
    }

    /**
     * Reads every loaded key at ONE once through each of its replicas as the coordinator (a
     * coordinator that is a replica reads its own copy when it is as fast as the others): a replica
     * that lacks its ranges answers NOT_FOUND.
     */
    private static void assertEveryKeyFoundAtOneOnEveryReplica(int nodes) throws InterruptedException {
        try (CassandraStore store = new CassandraStoreFactory().open(CLUSTER.properties("cassandra.keyspace=" + KEYSPACE))) {
            CqlSession session = store.driverSession();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (session.getMetadata().getNodes().values().stream()
                    .filter(n -> n.getState() == NodeState.UP).count() != nodes
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow();
            List<String> missing = new ArrayList<>();
            int reads = 0;
            for (int r = 0; r < RECORDS; r++) {
                String key = "user" + r;
                for (Node replica : tokens.getReplicas(CqlIdentifier.fromInternal(KEYSPACE),
                        com.datastax.oss.driver.api.core.type.codec.TypeCodecs.TEXT.encode(key,
                                com.datastax.oss.driver.api.core.ProtocolVersion.DEFAULT))) {
                    reads++;
                    if (session.execute(SimpleStatement.newInstance("SELECT y_id FROM " + KEYSPACE
                            + ".usertable WHERE y_id = ?", key).setConsistencyLevel(DefaultConsistencyLevel.ONE)
                            .setNode(replica)).one() == null) {
                        missing.add(key + "@" + replica.getEndPoint());
                    }
                }
            }
            assertEquals(List.of(), missing.subList(0, Math.min(20, missing.size())), missing.size() + " of " + reads
                    + " reads at ONE found nothing");
            assertEquals(RECORDS * 3, reads, "three replicas per key");
        }
    }

    private static String nodetool(int node, String... args) {
        List<String> command = new ArrayList<>(List.of("bash", CLUSTER.dir().resolve("nodetool").toString(), "-n",
                Integer.toString(node)));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(120, TimeUnit.SECONDS) && process.exitValue() == 0, out);
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
