package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Delays from trace events, against delays known by construction. */
class TraceDelaysTest {
    private static final long COORDINATOR_ORIGIN_US = 5_000_000_250L;
    private static final long REPLICA_ORIGIN_US = 5_000_002_400L;

    /** An event at {@code elapsedUs} after {@code originUs}, stamped with the millisecond it falls in. */
    private static TraceDelays.Event at(String node, long originUs, long elapsedUs, String activity) {
        return new TraceDelays.Event(node, Math.floorDiv(originUs + elapsedUs, 1000), elapsedUs, activity);
    }

    /**
     * The coordinator sends at +2000 µs and hears back at +5600 µs; the replica applies at +1100 µs
     * of its own. Events at 749/750 µs (coordinator) and 599/600 µs (replica) pin both origins
     * exactly, so W = 1.25 ms and A = 2.35 ms exactly.
     */
    private static List<TraceDelays.Event> write(long replicaOrigin) {
        List<TraceDelays.Event> events = new ArrayList<>();
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 749, "Parsing INSERT"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 750, "Determining replicas for mutation"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 2000, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 77 bytes"));
        events.add(at("10.0.0.2", replicaOrigin, 0, "MUTATION_REQ message received from /10.0.0.1:7000"));
        events.add(at("10.0.0.2", replicaOrigin, 599, "Appending to commitlog"));
        events.add(at("10.0.0.2", replicaOrigin, 600, "Adding to usertable memtable"));
        events.add(at("10.0.0.2", replicaOrigin, 1100, "Enqueuing response to /10.0.0.1:7000"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 5600, "MUTATION_RSP message received from /10.0.0.2:7000"));
        return events;
    }

    @Test
    void of_pinnedOrigins_exactRequestAndResponseDelays() {
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", write(REPLICA_ORIGIN_US));
        assertEquals(List.of(1.25), d.requestMs());
        assertEquals(List.of(2.35), d.responseMs());
    }

    @Test
    void of_originsBracketedWithinAMillisecond_delaysWithinTheBrackets() {
        List<TraceDelays.Event> events = new ArrayList<>();
        for (TraceDelays.Event e : write(REPLICA_ORIGIN_US)) {
            if (!e.activity().startsWith("Parsing") && !e.activity().startsWith("Appending")) {
                events.add(e);
            }
        }
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", events);
        assertEquals(1, d.requestMs().size());
        assertTrue(Math.abs(d.requestMs().get(0) - 1.25) < 1.0, d.toString());
        assertTrue(Math.abs(d.requestMs().get(0) + d.responseMs().get(0) - 3.6) < 1.0, d.toString());
    }

    @Test
    void of_readWithoutTheReplicasResponse_noDelays() {
        List<TraceDelays.Event> events = new ArrayList<>();
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 100, "Sending READ_REQ message to /10.0.0.3:7000 message size 82 bytes"));
        events.add(at("10.0.0.3", REPLICA_ORIGIN_US, 900, "Enqueuing response to /10.0.0.1:7000"));
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", events);
        assertEquals(List.of(), d.requestMs());
    }

    @Test
    void origins_bracketsMissByMoreThanAMillisecond_nodeLeftOut() {
        List<TraceDelays.Event> events = new ArrayList<>(write(REPLICA_ORIGIN_US));
        // a second tracing origin on the replica, 5 ms later (e.g. a read repair in the same trace)
        events.add(at("10.0.0.2", REPLICA_ORIGIN_US + 5000, 10, "READ_REQ message received from /10.0.0.1:7000"));
        assertTrue(TraceDelays.origins(events).containsKey("10.0.0.1"));
        assertTrue(!TraceDelays.origins(events).containsKey("10.0.0.2"));
        assertEquals(List.of(), TraceDelays.of("10.0.0.1", events).requestMs());
    }
}
