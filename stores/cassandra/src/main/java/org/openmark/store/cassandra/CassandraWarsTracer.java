package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.openmark.api.WarsTracing;
import org.openmark.api.WarsTracing.Traced;
import org.openmark.api.WarsTracing.WarsSample;

/**
 * Traced writes and reads for PBS. The write goes at the run's write level, so that it commits as
 * the measured writes do and the read follows as soon as a probe would; every replica still traces
 * its own apply (a coordinator that answered before some acknowledgements traces them under a new
 * origin, which {@link TraceDelays} leaves out: their A is not known). The read goes at ALL, so
 * that every replica's read moment is in its trace. Both are routed as every request of the run
 * (token-aware: a replica of the key coordinates), so the coordinator's own copy, applied and read
 * without a message, is in each trace beside the messaged replicas'. Tracing both at ALL (before
 * issue 39) put the read after the slowest replica had applied the write: a replica busy enough to
 * apply it 10-50 ms late had caught up when the traced read came, and the prediction counted a
 * stale read the measured read, queued behind the same backlog, did not see. The trace's events
 * are read back from {@code system_traces} (written asynchronously by every node, so it waits a
 * little for the replicas' events), with each coordinator's duration.
 */
final class CassandraWarsTracer {
    /**
     * How often, and how long apart, it asks for the first trace's events before taking what is
     * there: nodes write trace events asynchronously, seconds late under load. Once one trace was
     * waited for, the traces taken before it are written too; the others are asked once.
     */
    private static final int FIRST_FETCH_ATTEMPTS = 60;
    private static final long FETCH_PAUSE_MS = 50;

    private final CqlSession session;
    private final ConsistencyLevel writeLevel;
    private volatile boolean waited;

    CassandraWarsTracer(CqlSession session, ConsistencyLevel writeLevel) {
        this.session = session;
        this.writeLevel = writeLevel;
    }

    /** The write and the read, traced; the ids of their traces (write first). */
    Traced trace(CassandraTable table, String key, Map<String, byte[]> values) {
        TreeMap<String, byte[]> sorted = new TreeMap<>(values);
        for (String field : sorted.keySet()) {
            if (!table.hasField(field)) {
                return Traced.failed("table " + table.name() + " has no column " + field);
            }
        }
        List<String> fields = List.copyOf(sorted.keySet());
        Object[] bound = new Object[fields.size() + 1];
        bound[0] = key;
        int i = 1;
        for (Map.Entry<String, byte[]> field : sorted.entrySet()) {
            bound[i++] = table.encode(field.getKey(), field.getValue());
        }
        try {
            ResultSet write = session.execute(table.insert(fields).bind(bound)
                    .setConsistencyLevel(writeLevel).setTracing(true));
            ResultSet read = session.execute(table.read(fields).bind(key)
                    .setConsistencyLevel(DefaultConsistencyLevel.ALL).setTracing(true));
            return new Traced(List.of(write.getExecutionInfo().getTracingId().toString(),
                    read.getExecutionInfo().getTracingId().toString()), null);
        } catch (DriverException e) {
            return Traced.failed(CassandraErrors.reason(e));
        }
    }

    /** The delays in the two traces, read from {@code system_traces}. */
    WarsSample delays(Traced traced) {
        if (traced.failure() != null) {
            return WarsSample.failed(traced.failure());
        }
        try {
            Trace w = delays(UUID.fromString(traced.traceIds().get(0)));
            Trace r = delays(UUID.fromString(traced.traceIds().get(1)));
            // the coordinator's own acknowledgement reaches it without a message
            double aLocal = Double.isNaN(w.delays().localMs()) ? Double.NaN : 0;
            WarsTracing.Nodes nodes = w.coordinator() == null || r.coordinator() == null ? null
                    : new WarsTracing.Nodes(w.coordinator(), w.delays().nodes(), r.coordinator(), r.delays().nodes());
            return new WarsSample(array(w.delays().requestMs()), array(w.delays().responseMs()),
                    array(r.delays().requestMs()), array(r.delays().responseMs()), w.delays().localMs(), aLocal,
                    r.delays().localMs(), w.durationMs() + r.durationMs(), nodes, null);
        } catch (DriverException e) {
            return WarsSample.failed(CassandraErrors.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return WarsSample.failed("interrupted");
        }
    }

    /** One trace's delays, its coordinator and its duration (ms; NaN and null when not recorded yet). */
    private record Trace(TraceDelays.Delays delays, double durationMs, String coordinator) {
    }

    private Trace delays(UUID tracingId) throws InterruptedException {
        TraceDelays.Delays best = new TraceDelays.Delays(List.of(), List.of());
        double durationMs = Double.NaN;
        String coordinator = null;
        int attempts = waited ? 1 : FIRST_FETCH_ATTEMPTS;
        waited = true;
        for (int attempt = 0; attempt < attempts; attempt++) {
            if (attempt > 0) {
                Thread.sleep(FETCH_PAUSE_MS);
            }
            Row session = this.session.execute(SimpleStatement.newInstance(
                    "SELECT coordinator, duration FROM system_traces.sessions WHERE session_id = ?", tracingId)
                    .setConsistencyLevel(DefaultConsistencyLevel.ONE)).one();
            if (session == null || session.isNull(1)) {
                continue;
            }
            coordinator = session.getInetAddress(0).getHostAddress();
            durationMs = session.getInt(1) / 1000.0;
            List<TraceDelays.Event> events = new ArrayList<>();
            int requests = 0;
            for (Row row : this.session.execute(SimpleStatement.newInstance(
                    "SELECT source, event_id, source_elapsed, activity FROM system_traces.events WHERE session_id = ?",
                    tracingId).setConsistencyLevel(DefaultConsistencyLevel.ONE))) {
                String activity = row.getString(3);
                events.add(new TraceDelays.Event(row.getInetAddress(0).getHostAddress(),
                        Uuids.unixTimestamp(row.getUuid(1)), row.getInt(2), activity));
                if (activity != null && activity.startsWith("Sending ") && activity.contains("_REQ message to")) {
                    requests++;
                }
            }
            best = TraceDelays.of(coordinator, events);
            if (requests > 0 && best.requestMs().size() == requests) {
                return new Trace(best, durationMs, coordinator);
            }
        }
        return new Trace(best, durationMs, coordinator);
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** How many replicas a level waits for, of {@code n}. */
    static int replicasFor(ConsistencyLevel level, int n) {
        int quorum = n / 2 + 1;
        if (!(level instanceof DefaultConsistencyLevel known)) {
            return quorum;
        }
        return switch (known) {
            case ANY, ONE, LOCAL_ONE -> 1;
            case TWO -> Math.min(2, n);
            case THREE -> Math.min(3, n);
            case ALL -> n;
            case QUORUM, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL -> quorum;
        };
    }
}
