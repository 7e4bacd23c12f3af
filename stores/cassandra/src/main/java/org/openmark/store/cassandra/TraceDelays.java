package org.openmark.store.cassandra;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The WARS delays in the events of one Cassandra trace ({@code system_traces.events}), all from the
 * coordinator's receipt of the request (its tracing origin): for each replica the coordinator
 * messaged, the request's way (to the moment the replica applied the write, "Adding to T
 * memtable", or ran the read, "Executing single-partition query": W or R) and the response's way
 * (from that moment to the coordinator's "MUTATION_RSP/READ_RSP message received from /X": A or
 * S); and the coordinator's own copy, applied or read without a message (its own "Adding to T
 * memtable" or "Executing single-partition query"), when it is a replica. A replica whose response
 * came after the coordinator answered (it waited for fewer) has its request's way and no
 * response's (NaN). Pure: no clock, no I/O.
 *
 * <p>Implementation notes. An event carries the wall-clock time of its node in milliseconds (the
 * time of its timeuuid) and the microseconds since that node began tracing the request
 * ({@code source_elapsed}). Subtracting the two brackets the node's tracing origin within a
 * millisecond per event; intersecting the brackets of all a node's events narrows it further, so
 * delays between nodes come out finer than the millisecond resolution of the timestamps (the
 * nodes of a loopback cluster share one clock; on several machines, clock offsets add to
 * the delays). An event's timestamp is taken a little apart from its elapsed time, so brackets
 * may miss each other by a fraction of a millisecond (in about one node trace in eight here): the
 * middle between them is taken then. A node whose brackets miss by more than
 * {@value #MAX_MISS_US} µs (two tracing origins in one trace, e.g. a read repair) gives no delays.
 */
final class TraceDelays {
    private static final Pattern RECEIVED = Pattern.compile("(MUTATION_RSP|READ_RSP) message received from /([^:\\s]+)");
    private static final Pattern APPLIED = Pattern.compile("^Adding to \\S+ memtable");
    private static final String READ = "Executing single-partition query";
    /** How far a node's event brackets may miss each other and still give its origin (µs). */
    static final long MAX_MISS_US = 1000;

    /** One trace event: its node's address, its node's clock (ms), µs since its node began tracing, the text. */
    record Event(String source, long timestampMs, long elapsedUs, String activity) {
    }

    /**
     * The delays (ms) of one trace: per messaged replica that answered ({@code nodes}, in the same
     * order), its request and response delay; the coordinator's own copy (NaN when it has none in
     * the trace).
     */
    record Delays(List<Double> requestMs, List<Double> responseMs, double localMs, List<String> nodes) {
        Delays(List<Double> requestMs, List<Double> responseMs) {
            this(requestMs, responseMs, Double.NaN, List.of());
        }
    }

    private TraceDelays() {
    }

    /** The delays of one traced write (W, A, W local) or read (R, S, R local) coordinated by {@code coordinator}. */
    static Delays of(String coordinator, List<Event> events) {
        Map<String, Double> origins = origins(events);
        Double coordinatorOrigin = origins.get(coordinator);
        if (coordinatorOrigin == null) {
            return new Delays(List.of(), List.of());
        }
        Map<String, Double> moment = new HashMap<>();
        Map<String, Double> received = new HashMap<>();
        double local = Double.NaN;
        for (Event e : events) {
            Double origin = origins.get(e.source());
            if (origin == null || !inGroup(e, origin)) {
                continue;
            }
            double atUs = origin + e.elapsedUs();
            boolean applied = APPLIED.matcher(e.activity()).find() || e.activity().startsWith(READ);
            if (e.source().equals(coordinator)) {
                Matcher r = RECEIVED.matcher(e.activity());
                if (r.find()) {
                    received.putIfAbsent(r.group(2), atUs);
                } else if (applied && Double.isNaN(local)) {
                    local = e.elapsedUs() / 1000.0;
                }
            } else if (applied) {
                moment.putIfAbsent(e.source(), atUs);
            }
        }
        List<Double> request = new ArrayList<>();
        List<Double> response = new ArrayList<>();
        List<String> nodes = new ArrayList<>();
        for (Map.Entry<String, Double> m : new java.util.TreeMap<>(moment).entrySet()) {
            Double rsp = received.get(m.getKey());
            request.add(Math.max(0, m.getValue() - coordinatorOrigin) / 1000.0);
            // a response that came after the coordinator answered is not in its trace
            response.add(rsp == null ? Double.NaN : Math.max(0, rsp - m.getValue()) / 1000.0);
            nodes.add(m.getKey());
        }
        return new Delays(request, response, local, nodes);
    }

    /**
     * Per node, its tracing origin on the wall clock (µs): its events' brackets [ms·1000 − elapsed,
     * ms·1000 + 999 − elapsed] fall in groups that intersect (within {@link #MAX_MISS_US} of each
     * other); the largest group (the earliest of equal ones) gives the origin, the middle of its
     * intersection. A coordinator that answered before the replicas it did not wait for begins a
     * second group (its tracing starts again at 0 for the late responses): those events are not its
     * request's and are left out ({@link #inGroup}).
     */
    static Map<String, Double> origins(List<Event> events) {
        Map<String, List<long[]>> byNode = new HashMap<>();
        for (Event e : events) {
            long lo = e.timestampMs() * 1000 - e.elapsedUs();
            byNode.computeIfAbsent(e.source(), n -> new ArrayList<>()).add(new long[] {lo, lo + 999});
        }
        Map<String, Double> origins = new HashMap<>();
        byNode.forEach((node, brackets) -> {
            brackets.sort((a, b) -> Long.compare(a[0], b[0]));
            long[] best = null;
            int bestSize = 0;
            long[] group = null;
            int size = 0;
            for (long[] b : brackets) {
                if (group != null && Math.max(group[0], b[0]) - Math.min(group[1], b[1]) <= MAX_MISS_US) {
                    group = new long[] {Math.max(group[0], b[0]), Math.min(group[1], b[1])};
                    size++;
                } else {
                    group = b.clone();
                    size = 1;
                }
                if (size > bestSize) {
                    best = group;
                    bestSize = size;
                }
            }
            origins.put(node, (best[0] + best[1]) / 2.0);
        });
        return origins;
    }

    /** True when the event belongs to its node's group: its bracket within reach of the node's origin. */
    static boolean inGroup(Event e, double origin) {
        long lo = e.timestampMs() * 1000 - e.elapsedUs();
        return lo - MAX_MISS_US - 999 <= origin && origin <= lo + 999 + MAX_MISS_US;
    }
}
