package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.openmark.api.StoreException;

/**
 * Waits after a schema change until every node of the cluster reports one schema version, each asked for its own
 * ({@code system.local}, the request sent to that node). The driver's own agreement check, which it makes before a
 * schema change returns, counts only the nodes it believes up: on two busy cores it once believed one down for a
 * moment, returned, and the next insert, coordinated by that node, found no table ("table ... does not exist").
 *
 * <p>A node the driver sees down is waited for only {@link #DOWN_GRACE}: a node that is really down learns the
 * schema when it comes back, and must not hold up a run; the nodes it sees up must agree within the limit given.
 */
final class SchemaAgreement {
    /** How long a node the driver believes down may keep the others waiting. */
    static final Duration DOWN_GRACE = Duration.ofSeconds(10);
    private static final long POLL_NANOS = Duration.ofMillis(100).toNanos();
    private static final String UNREACHABLE = "unreachable";

    private final CqlSession session;
    private final LongSupplier nanoTime;

    SchemaAgreement(CqlSession session, LongSupplier nanoTime) {
        this.session = session;
        this.nanoTime = nanoTime;
    }

    /**
     * Returns once the nodes agree (or only nodes seen down past {@link #DOWN_GRACE} differ).
     *
     * @throws StoreException naming each node's version when the nodes seen up still differ after {@code limit}
     */
    void await(Duration limit, String change) {
        long start = nanoTime.getAsLong();
        while (true) {
            long waited = nanoTime.getAsLong() - start;
            Map<String, String> versions = versions(waited >= DOWN_GRACE.toNanos());
            if (versions.values().stream().distinct().count() <= 1 && !versions.containsValue(UNREACHABLE)) {
                return;
            }
            if (waited >= limit.toNanos()) {
                throw new StoreException("the nodes did not agree on the schema within " + limit.toSeconds()
                        + " s after " + change + ": " + versions);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Each node's schema version, by address; nodes the driver sees down are left out when {@code skipDown}. */
    private Map<String, String> versions(boolean skipDown) {
        Map<String, String> versions = new TreeMap<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            if (skipDown && node.getState() == NodeState.DOWN) {
                continue;
            }
            String version;
            try {
                Row local = session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
                        .setNode(node)).one();
                version = local == null ? "none" : String.valueOf(local.getUuid(0));
            } catch (RuntimeException e) {
                version = UNREACHABLE;
            }
            versions.put(String.valueOf(node.getEndPoint()), version);
        }
        return versions;
    }
}
