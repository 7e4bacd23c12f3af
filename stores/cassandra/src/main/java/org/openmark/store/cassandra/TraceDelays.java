package org.openmark.store.cassandra;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The WARS delays in the events of one Cassandra trace ({@code system_traces.events}). For each
 * replica the coordinator messaged: the request's way (coordinator "Sending MUTATION_REQ message to
 * /X" to replica X's "Enqueuing response", W or R) and the response's way (X's "Enqueuing
 * response" to the coordinator's "MUTATION_RSP message received from /X", A or S); reads alike
 * with READ_REQ and READ_RSP. Pure: no clock, no I/O.
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
    private static final Pattern SENT = Pattern.compile("Sending (MUTATION_REQ|READ_REQ) message to /([^:\\s]+)");
    private static final Pattern RECEIVED = Pattern.compile("(MUTATION_RSP|READ_RSP) message received from /([^:\\s]+)");
    private static final String ENQUEUED = "Enqueuing response to";
    /** How far a node's event brackets may miss each other and still give its origin (µs). */
    static final long MAX_MISS_US = 1000;

    /** One trace event: its node's address, its node's clock (ms), µs since its node began tracing, the text. */
    record Event(String source, long timestampMs, long elapsedUs, String activity) {
    }

    /** The request and response delays (ms), one pair per replica that answered in the trace. */
    record Delays(List<Double> requestMs, List<Double> responseMs) {
    }

    private TraceDelays() {
    }

    /** The delays of one traced write (W, A) or read (R, S) coordinated by {@code coordinator}. */
    static Delays of(String coordinator, List<Event> events) {
        Map<String, Double> origins = origins(events);
        Map<String, Double> sent = new HashMap<>();
        Map<String, Double> enqueued = new HashMap<>();
        Map<String, Double> received = new HashMap<>();
        for (Event e : events) {
            Double origin = origins.get(e.source());
            if (origin == null) {
                continue;
            }
            double atUs = origin + e.elapsedUs();
            if (e.source().equals(coordinator)) {
                Matcher s = SENT.matcher(e.activity());
                if (s.find()) {
                    sent.putIfAbsent(s.group(2), atUs);
                }
                Matcher r = RECEIVED.matcher(e.activity());
                if (r.find()) {
                    received.putIfAbsent(r.group(2), atUs);
                }
            } else if (e.activity().startsWith(ENQUEUED)) {
                enqueued.putIfAbsent(e.source(), atUs);
            }
        }
        List<Double> request = new ArrayList<>();
        List<Double> response = new ArrayList<>();
        for (Map.Entry<String, Double> s : sent.entrySet()) {
            Double enq = enqueued.get(s.getKey());
            Double rsp = received.get(s.getKey());
            if (enq != null && rsp != null) {
                request.add(Math.max(0, enq - s.getValue()) / 1000.0);
                response.add(Math.max(0, rsp - enq) / 1000.0);
            }
        }
        return new Delays(request, response);
    }

    /**
     * Per node, its tracing origin on the wall clock (µs): the middle of the intersection of its
     * events' brackets [ms·1000 − elapsed, ms·1000 + 999 − elapsed] (the middle of the gap when
     * they miss by at most {@link #MAX_MISS_US}); absent when they miss by more.
     */
    static Map<String, Double> origins(List<Event> events) {
        Map<String, long[]> bounds = new HashMap<>();
        for (Event e : events) {
            long lo = e.timestampMs() * 1000 - e.elapsedUs();
            long hi = lo + 999;
            bounds.merge(e.source(), new long[] {lo, hi},
                    (a, b) -> new long[] {Math.max(a[0], b[0]), Math.min(a[1], b[1])});
        }
        Map<String, Double> origins = new HashMap<>();
        bounds.forEach((node, b) -> {
            if (b[0] - b[1] <= MAX_MISS_US) {
                origins.put(node, (b[0] + b[1]) / 2.0);
            }
        });
        return origins;
    }
}
