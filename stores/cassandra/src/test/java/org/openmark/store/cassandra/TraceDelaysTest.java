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
     * The coordinator applies its own copy at +900 µs, sends at +2000 µs and hears back at +5600 µs;
     * the replica (its origin 2150 µs after the coordinator's) applies at +600 µs of its own, 2750
     * µs after the coordinator's receipt. Events at 749/750 µs (coordinator) and 599/600 µs (replica)
     * pin both origins exactly, so W = 2.75 ms, A = 2.85 ms and W local = 0.9 ms exactly.
     */
    private static List<TraceDelays.Event> write(long replicaOrigin) {
        List<TraceDelays.Event> events = new ArrayList<>();
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 749, "Parsing INSERT"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 750, "Determining replicas for mutation"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 900, "Adding to usertable memtable"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 2000, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 77 bytes"));
        events.add(at("10.0.0.2", replicaOrigin, 0, "MUTATION_REQ message received from /10.0.0.1:7000"));
        events.add(at("10.0.0.2", replicaOrigin, 599, "Appending to commitlog"));
        events.add(at("10.0.0.2", replicaOrigin, 600, "Adding to usertable memtable"));
        events.add(at("10.0.0.2", replicaOrigin, 1100, "Enqueuing response to /10.0.0.1:7000"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 5600, "MUTATION_RSP message received from /10.0.0.2:7000"));
        return events;
    }

    @Test
    void of_pinnedOrigins_exactRequestResponseAndLocalDelays() {
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", write(REPLICA_ORIGIN_US));
        assertEquals(List.of(2.75), d.requestMs());
        assertEquals(List.of(2.85), d.responseMs());
        assertEquals(0.9, d.localMs(), 1e-12);
    }

    @Test
    void of_readCoordinatedByAReplica_localReadAndTheOthersFromTheCoordinatorsReceipt() {
        List<TraceDelays.Event> events = new ArrayList<>();
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 749, "reading data from /10.0.0.2:7000"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 750, "Sending READ_REQ message to /10.0.0.2:7000 message size 84 bytes"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 1200, "Executing single-partition query on usertable"));
        events.add(at("10.0.0.2", REPLICA_ORIGIN_US, 599, "READ_REQ message received from /10.0.0.1:7000"));
        events.add(at("10.0.0.2", REPLICA_ORIGIN_US, 600, "Executing single-partition query on usertable"));
        events.add(at("10.0.0.2", REPLICA_ORIGIN_US, 900, "Enqueuing response to /10.0.0.1:7000"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 4000, "READ_RSP message received from /10.0.0.2:7000"));
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", events);
        assertEquals(List.of(2.75), d.requestMs(), "the replica read 2750 µs after the coordinator's receipt");
        assertEquals(List.of(1.25), d.responseMs());
        assertEquals(1.2, d.localMs(), 1e-12);
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
        assertTrue(Math.abs(d.requestMs().get(0) - 2.75) < 1.0, d.toString());
        assertTrue(Math.abs(d.requestMs().get(0) + d.responseMs().get(0) - 5.6) < 1.0, d.toString());
    }

    /** The coordinator answered before this replica's response (a write at ONE): its W, and no A. */
    @Test
    void of_replicaAnsweringAfterTheCoordinator_requestDelayAndNoResponse() {
        List<TraceDelays.Event> events = new ArrayList<>();
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 749, "Determining replicas for mutation"));
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US, 750, "Sending MUTATION_REQ message to /10.0.0.3:7000 message size 82 bytes"));
        events.add(at("10.0.0.3", REPLICA_ORIGIN_US, 599, "Appending to commitlog"));
        events.add(at("10.0.0.3", REPLICA_ORIGIN_US, 600, "Adding to usertable memtable"));
        // the coordinator answered; the late response is traced under a new origin, 9 ms on
        events.add(at("10.0.0.1", COORDINATOR_ORIGIN_US + 9000, 17, "MUTATION_RSP message received from /10.0.0.3:7000"));
        TraceDelays.Delays d = TraceDelays.of("10.0.0.1", events);
        assertEquals(List.of(2.75), d.requestMs());
        assertEquals(1, d.responseMs().size());
        assertTrue(d.responseMs().get(0).isNaN(), d.toString());
        assertEquals(List.of("10.0.0.3"), d.nodes());
    }

    @Test
    void origins_twoGroupsOfEvents_theLargerGivesTheOriginAndTheOtherIsLeftOut() {
        List<TraceDelays.Event> events = new ArrayList<>(write(REPLICA_ORIGIN_US));
        // a second tracing origin on the replica, 5 ms later (e.g. a read repair in the same trace)
        events.add(at("10.0.0.2", REPLICA_ORIGIN_US + 5000, 10, "READ_REQ message received from /10.0.0.1:7000"));
        assertEquals(REPLICA_ORIGIN_US, TraceDelays.origins(events).get("10.0.0.2"), 500);
        assertEquals(List.of(2.75), TraceDelays.of("10.0.0.1", events).requestMs());
    }
}
