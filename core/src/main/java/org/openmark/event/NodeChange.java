package org.openmark.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openmark.api.NodeActivity;

/**
 * What one node of the store's cluster did from an event's start to the run's end, as the store's
 * client saw it once per interval ({@link NodeTrack}): the cluster's view (the states gossip gave
 * it, and its size of the workload's table) beside the client's (when it started, or stopped,
 * answering requests as their coordinator). Times are seconds from the phase's start, each the end
 * of the interval in which it was seen: the change happened within that interval.
 *
 * <p>A node <b>started serving</b> at the end of the first interval from the event's start in which
 * it answered a request, when it had answered none in the {@value #QUIET} intervals before the
 * event (a node that joined, or came back). It <b>stopped serving</b> at the end of the last
 * interval in which it answered, when it had answered in the intervals before the event and
 * answered nothing in the last {@value #QUIET} intervals of the run (a node removed or killed).
 *
 * @param node the node's address
 * @param stateBefore the state gossip gave it at the event's start, or empty when unknown (not yet in the cluster)
 * @param states each new state from the event's start on, with when it was first seen
 * @param servingFromSeconds when it started serving, or NaN
 * @param stoppedServingSeconds when it stopped serving, or NaN
 * @param shareAtEnd its share of the requests answered in the run's last {@value #QUIET} intervals (0..1), or NaN
 * @param tableBytesAtEnd its size of the table at the run's end, or -1 when unknown
 */
public record NodeChange(String node, String stateBefore, List<StateSeen> states, double servingFromSeconds,
        double stoppedServingSeconds, double shareAtEnd, long tableBytesAtEnd) {

    /** Intervals without a request that make a node idle before an event, or gone at the end. */
    public static final int QUIET = 5;

    /** A state gossip gave the node, first seen at the end of the interval ending {@code atSeconds}. */
    public record StateSeen(String state, double atSeconds) {
    }

    public NodeChange {
        states = List.copyOf(states);
    }

    /** One interval's view of every node: its end, seconds from the phase's start. */
    public record Sample(double endSeconds, List<NodeActivity> nodes) {
        NodeActivity of(String node) {
            for (NodeActivity a : nodes) {
                if (a.node().equals(node)) {
                    return a;
                }
            }
            return null;
        }

        long requests(String node) {
            NodeActivity a = of(node);
            return a == null || a.requests() < 0 ? 0 : a.requests();
        }
    }

    /** The nodes whose state or serving changed from {@code startSeconds} on, in the samples of the run. */
    public static List<NodeChange> of(List<Sample> samples, double startSeconds) {
        int first = 0;
        while (first < samples.size() && samples.get(first).endSeconds() < startSeconds) {
            first++;
        }
        if (first == samples.size()) {
            return List.of();
        }
        java.util.Set<String> names = new java.util.TreeSet<>();
        samples.forEach(s -> s.nodes().forEach(a -> names.add(a.node())));
        Sample atStart = first > 0 ? samples.get(first - 1) : null;
        Sample quietFrom = first - QUIET - 1 >= 0 ? samples.get(first - QUIET - 1) : null;
        int endFrom = Math.max(first, samples.size() - 1 - QUIET);
        Sample last = samples.get(samples.size() - 1);
        long allAtEnd = 0;
        for (String n : names) {
            allAtEnd += last.requests(n) - samples.get(endFrom).requests(n);
        }
        List<NodeChange> changes = new ArrayList<>();
        for (String n : names) {
            NodeActivity before = atStart == null ? null : atStart.of(n);
            String stateBefore = before == null ? "" : before.state();
            List<StateSeen> seen = new ArrayList<>();
            String current = stateBefore;
            for (int i = first; i < samples.size(); i++) {
                NodeActivity a = samples.get(i).of(n);
                if (a != null && !a.state().isEmpty() && !a.state().equals(current)) {
                    seen.add(new StateSeen(a.state(), samples.get(i).endSeconds()));
                    current = a.state();
                }
            }
            long atStartRequests = atStart == null ? 0 : atStart.requests(n);
            boolean idleBefore = quietFrom == null ? atStartRequests == 0 : atStartRequests == quietFrom.requests(n);
            double servingFrom = Double.NaN;
            double stopped = Double.NaN;
            long previous = atStartRequests;
            double lastAnswered = Double.NaN;
            for (int i = first; i < samples.size(); i++) {
                long r = samples.get(i).requests(n);
                if (r > previous) {
                    if (idleBefore && Double.isNaN(servingFrom)) {
                        servingFrom = samples.get(i).endSeconds();
                    }
                    lastAnswered = samples.get(i).endSeconds();
                }
                previous = r;
            }
            boolean answeredBefore = !idleBefore;
            boolean quietAtEnd = samples.size() - first > QUIET
                    && last.requests(n) == samples.get(samples.size() - 1 - QUIET).requests(n);
            if (answeredBefore && quietAtEnd) {
                stopped = Double.isNaN(lastAnswered) ? (atStart == null ? Double.NaN : atStart.endSeconds())
                        : lastAnswered;
            }
            if (seen.isEmpty() && Double.isNaN(servingFrom) && Double.isNaN(stopped)) {
                continue;
            }
            NodeActivity end = last.of(n);
            double share = allAtEnd == 0 ? Double.NaN
                    : (double) (last.requests(n) - samples.get(endFrom).requests(n)) / allAtEnd;
            changes.add(new NodeChange(n, stateBefore, seen, servingFrom, stopped, share,
                    end == null ? -1 : end.tableBytes()));
        }
        return changes;
    }

    /** In words, for the text report: {@code node 127.0.0.2: BOOT at 62.0 s, NORMAL at 140.0 s, serving from 141.0 s (48 % of requests at the end), table 14 MiB}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (StateSeen s : states) {
            parts.add(String.format(Locale.ROOT, "%s at %.1f s", s.state(), s.atSeconds()));
        }
        if (!Double.isNaN(servingFromSeconds)) {
            parts.add(String.format(Locale.ROOT, "serving from %.1f s", servingFromSeconds));
        }
        if (!Double.isNaN(stoppedServingSeconds)) {
            parts.add(String.format(Locale.ROOT, "last answered at %.1f s", stoppedServingSeconds));
        }
        if (!Double.isNaN(shareAtEnd)) {
            parts.add(String.format(Locale.ROOT, "%.0f %% of requests at the end", 100 * shareAtEnd));
        }
        if (tableBytesAtEnd >= 0) {
            parts.add(String.format(Locale.ROOT, "table %d MiB", tableBytesAtEnd >> 20));
        }
        return "node " + node + (stateBefore.isEmpty() ? " (new)" : "") + ": " + String.join(", ", parts);
    }
}
