package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.openmark.api.NodeActivity;

/**
 * The cluster's nodes as the client sees them while a run goes on: how many requests each answered
 * as coordinator (counted from the driver's execution info of every request), and, asked in the
 * background at most once a second, what gossip says of each node ({@code system_views.gossip_info}
 * of any node: {@code BOOT} while a node joins and streams, {@code NORMAL} once it owns its ranges)
 * and how much of the workload's table each node the driver knows holds
 * ({@code system_views.disk_usage}, asked of that node; Cassandra gives it in whole mebibytes).
 * Nodes are named by their IP address: a node that gossip knows before the driver does (one still
 * joining) is the same node once the driver connects to it.
 */
final class NodeWatch {
    private static final Duration ASK_EVERY = Duration.ofSeconds(1);
    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(2);
    private static final SimpleStatement GOSSIP = SimpleStatement.newInstance(
            "SELECT address, status, status_with_port FROM system_views.gossip_info").setConsistencyLevel(ConsistencyLevel.ONE)
            .setTimeout(ASK_TIMEOUT);

    private final CqlSession session;
    private final SimpleStatement diskUsage;
    private final LongSupplier nanoTime;
    /** Requests answered, by the driver's node (identity: one lookup per request, no address formatted). */
    private final Map<Node, LongAdder> answered = new ConcurrentHashMap<>();
    private final Map<String, String> states = new ConcurrentHashMap<>();
    private final Map<String, Long> tableBytes = new ConcurrentHashMap<>();
    private final AtomicBoolean asking = new AtomicBoolean();
    private volatile long lastAskNanos = Long.MIN_VALUE;

    /** Watches {@code keyspace.table} on the nodes of {@code session}; {@code nanoTime} paces the asking. */
    NodeWatch(CqlSession session, String keyspace, String table, LongSupplier nanoTime) {
        this.session = session;
        this.nanoTime = nanoTime;
        this.diskUsage = SimpleStatement.newInstance("SELECT mebibytes FROM system_views.disk_usage WHERE"
                + " keyspace_name = ? AND table_name = ?", keyspace, table).setConsistencyLevel(ConsistencyLevel.ONE)
                .setTimeout(ASK_TIMEOUT);
    }

    /** A request came back from the node in {@code info} (its coordinator). */
    void answered(ExecutionInfo info) {
        Node coordinator = info.getCoordinator();
        if (coordinator != null) {
            LongAdder n = answered.get(coordinator);
            if (n == null) {
                n = answered.computeIfAbsent(coordinator, k -> new LongAdder());
            }
            n.increment();
        }
    }

    /** Every node seen (by gossip, the driver or a request), as last seen; asks again when a second has passed. */
    List<NodeActivity> nodes() {
        askIfDue();
        Map<String, Long> answeredByName = new TreeMap<>();
        answered.forEach((node, n) -> answeredByName.merge(name(node), n.sum(), Long::sum));
        Map<String, NodeActivity> byName = new TreeMap<>();
        for (Node n : session.getMetadata().getNodes().values()) {
            byName.put(name(n), activity(name(n), answeredByName));
        }
        for (String name : states.keySet()) {
            byName.putIfAbsent(name, activity(name, answeredByName));
        }
        for (String name : answeredByName.keySet()) {
            byName.putIfAbsent(name, activity(name, answeredByName));
        }
        return new ArrayList<>(byName.values());
    }

    private NodeActivity activity(String name, Map<String, Long> answeredByName) {
        return new NodeActivity(name, states.getOrDefault(name, ""), answeredByName.getOrDefault(name, 0L),
                tableBytes.getOrDefault(name, -1L));
    }

    private void askIfDue() {
        long now = nanoTime.getAsLong();
        if (lastAskNanos != Long.MIN_VALUE && now - lastAskNanos < ASK_EVERY.toNanos()) {
            return;
        }
        if (!asking.compareAndSet(false, true)) {
            return;
        }
        lastAskNanos = now;
        List<java.util.concurrent.CompletableFuture<?>> asked = new ArrayList<>();
        asked.add(session.executeAsync(GOSSIP).thenAccept(this::readGossip).toCompletableFuture());
        for (Node n : session.getMetadata().getNodes().values()) {
            String name = name(n);
            asked.add(session.executeAsync(diskUsage.setNode(n)).thenAccept(rs -> {
                Row row = rs.one();
                if (row != null && row.getObject(0) instanceof Number mib) {
                    tableBytes.put(name, mib.longValue() << 20);
                }
            }).toCompletableFuture());
        }
        // A node that does not answer keeps its last figures; the next ask goes out a second later.
        java.util.concurrent.CompletableFuture.allOf(asked.toArray(java.util.concurrent.CompletableFuture[]::new))
                .whenComplete((ok, failed) -> asking.set(false));
    }

    private void readGossip(AsyncResultSet rs) {
        for (Row row : rs.currentPage()) {
            InetAddress address = row.getInetAddress("address");
            String status = row.getString("status_with_port"); // from 4.0; "status" for older peers
            if (status == null) {
                status = row.getString("status");
            }
            if (address != null && status != null) {
                int comma = status.indexOf(',');
                states.put(address.getHostAddress(), comma < 0 ? status : status.substring(0, comma));
            }
        }
    }

    /** A node's IP address, as gossip and the driver both know it. */
    static String name(Node node) {
        SocketAddress a = node.getEndPoint().resolve();
        if (a instanceof InetSocketAddress i && i.getAddress() != null) {
            return i.getAddress().getHostAddress();
        }
        return node.getBroadcastRpcAddress().map(i -> i.getAddress().getHostAddress())
                .orElse(node.getEndPoint().toString());
    }
}
