package org.openmark.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openmark.api.NodeActivity;
import org.openmark.api.Store;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;

/**
 * Keeps, at the end of every interval (warm-up included), the store's view of its nodes
 * ({@link Store#nodeActivity()}), so that each event can say what the nodes did after it
 * ({@link NodeChange}) and {@code nodes.csv} can show the cluster's and the client's view side by
 * side. A store with no nodes to tell apart keeps nothing.
 */
public final class NodeTrack implements IntervalSink {
    /** The header of {@code nodes.csv}. */
    public static final String CSV_HEADER = "elapsed_s,node,state,requests,requests_per_s,table_mib";

    private final List<NodeChange.Sample> samples = new ArrayList<>();
    private volatile Store store;
    private long startEpochMs = Long.MIN_VALUE;

    @Override
    public void watchStore(Store store) {
        this.store = store;
    }

    @Override
    public synchronized void started(long startEpochMs) {
        this.startEpochMs = startEpochMs;
    }

    @Override
    public void interval(IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp) {
        Store s = store;
        if (s == null) {
            return;
        }
        List<NodeActivity> nodes = s.nodeActivity();
        if (nodes.isEmpty()) {
            return;
        }
        synchronized (this) {
            if (startEpochMs != Long.MIN_VALUE) {
                samples.add(new NodeChange.Sample((snapshot.endMillis() - startEpochMs) / 1000.0, List.copyOf(nodes)));
            }
        }
    }

    /** The samples so far, in order. */
    public synchronized List<NodeChange.Sample> samples() {
        return List.copyOf(samples);
    }

    /** Each started event's outcome with what the nodes did from its start on. */
    public List<EventOutcome> judge(List<EventOutcome> outcomes) {
        List<NodeChange.Sample> all = samples();
        if (all.isEmpty()) {
            return outcomes;
        }
        return outcomes.stream().map(o -> Double.isNaN(o.startSeconds()) ? o
                : o.withNodes(NodeChange.of(all, o.startSeconds()))).toList();
    }

    /** {@code nodes.csv}: a row per interval and node; empty when the store told nothing of its nodes. */
    public String csv() {
        List<NodeChange.Sample> all = samples();
        if (all.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
        NodeChange.Sample previous = null;
        for (NodeChange.Sample s : all) {
            double seconds = previous == null ? Double.NaN : s.endSeconds() - previous.endSeconds();
            for (NodeActivity a : s.nodes()) {
                long delta = previous == null ? 0 : s.requests(a.node()) - previous.requests(a.node());
                b.append(String.format(Locale.ROOT, "%.3f,%s,%s,%d,%s,%s\n", s.endSeconds(), a.node(), a.state(),
                        a.requests(), Double.isNaN(seconds) || seconds <= 0 ? ""
                                : String.format(Locale.ROOT, "%.1f", delta / seconds),
                        a.tableBytes() < 0 ? "" : Long.toString(a.tableBytes() >> 20)));
            }
            previous = s;
        }
        return b.toString();
    }

    @Override
    public void close() {
    }
}
