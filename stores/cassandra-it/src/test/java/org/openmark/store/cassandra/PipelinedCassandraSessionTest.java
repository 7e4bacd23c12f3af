package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.PipelinedSession;
import org.openmark.api.PipelinedSession.Completion;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.contract.ServicesFixture;

/**
 * {@code cassandra.pipelined=true} against the real 3-node cluster (replication 3, QUORUM): each
 * kind of started call ends with the status and result the blocking call gives, each completion
 * is told exactly once, and a thousand calls started from one thread are all in flight at once.
 */
class PipelinedCassandraSessionTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static CassandraStore store;

    @BeforeAll
    static void open() {
        store = CassandraCluster.open("cassandra.keyspace=pipelined", "cassandra.replication=3",
                "cassandra.readconsistency=QUORUM", "cassandra.writeconsistency=QUORUM", "cassandra.pipelined=true",
                "fieldcount=2");
        CassandraCluster.truncateAll(store.driverSession(), "pipelined");
    }

    @AfterAll
    static void close() {
        if (store != null) {
            store.close();
        }
    }

    /** Starts a call and waits for its one completion. */
    private static Status await(Consumer<Completion> start) throws Exception {
        CompletableFuture<Status> told = new CompletableFuture<>();
        AtomicInteger times = new AtomicInteger();
        start.accept(status -> {
            times.incrementAndGet();
            told.complete(status);
        });
        Status status = told.get(30, TimeUnit.SECONDS);
        assertEquals(1, times.get(), "told once");
        return status;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void maxOutstandingRequests_isTheDriversBoundOverAllConnections() {
        DriverExecutionProfile profile = store.driverSession().getContext().getConfig().getDefaultProfile();
        int perConnection = profile.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS);
        int connections = profile.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE);
        assertEquals(1024, perConnection);
        assertEquals(store.config().connections(), connections);
        assertEquals(3 * connections * perConnection, store.maxOutstandingRequests(), "3 nodes");
    }

    @Test
    void everyKindOfCall_sameOutcomeAsTheBlockingCall() throws Exception {
        Session s = store.newSession();
        PipelinedSession p = assertInstanceOf(PipelinedSession.class, s);
        assertEquals(Status.OK, await(d -> p.startInsert("kinds", "k1", Map.of("field0", bytes("a"), "field1",
                bytes("b")), d)));
        Map<String, byte[]> read = new HashMap<>();
        assertEquals(Status.OK, await(d -> p.startRead("kinds", "k1", null, read, d)));
        assertArrayEquals(bytes("a"), read.get("field0"));
        assertArrayEquals(bytes("b"), read.get("field1"));

        assertEquals(Status.OK, await(d -> p.startUpdate("kinds", "k1", Map.of("field1", bytes("c")), d)));
        Map<String, byte[]> blocking = new HashMap<>();
        assertEquals(Status.OK, s.read("kinds", "k1", null, blocking));
        assertArrayEquals(bytes("a"), blocking.get("field0"), "an update keeps the other fields");
        assertArrayEquals(bytes("c"), blocking.get("field1"));

        assertEquals(Status.NOT_FOUND, await(d -> p.startRead("kinds", "absent", null, new HashMap<>(), d)));
        assertEquals(Status.NOT_FOUND, await(d -> p.startRead("notable", "k1", null, new HashMap<>(), d)));

        assertEquals(Status.OK, await(d -> p.startInsert("kinds", "k2", Map.of("field0", bytes("x")), d)));
        List<Record> scanned = new ArrayList<>();
        assertEquals(Status.OK, await(d -> p.startScan("kinds", CassandraTable.RING_START, 10, null, scanned, d)));
        assertEquals(2, scanned.size(), scanned::toString);

        assertEquals(Status.OK, await(d -> p.startDelete("kinds", "k1", d)));
        assertEquals(Status.NOT_FOUND, s.read("kinds", "k1", null, new HashMap<>()));
    }

    @Test
    void aCallThatNeedsNoRequest_toldAtOnceOnTheCallersThread() throws Exception {
        PipelinedSession p = (PipelinedSession) store.newSession();
        Thread caller = Thread.currentThread();
        List<Thread> toldOn = new ArrayList<>();
        List<Status> statuses = new ArrayList<>();
        p.startRead("usertable", null, null, new HashMap<>(), status -> {
            toldOn.add(Thread.currentThread());
            statuses.add(status);
        });
        assertEquals(List.of(Status.BAD_REQUEST), statuses);
        assertEquals(List.of(caller), toldOn);
        assertTrue(p.lastFailure().contains("read needs a table, a key"), p.lastFailure());
    }

    @Test
    void aThousandCallsFromOneThread_allInFlightTogetherEachToldOnce() throws Exception {
        PipelinedSession p = (PipelinedSession) store.newSession();
        int calls = 1000;
        Map<Integer, Integer> told = new ConcurrentHashMap<>();
        CompletableFuture<Void> all = new CompletableFuture<>();
        AtomicInteger remaining = new AtomicInteger(calls);
        AtomicInteger notOk = new AtomicInteger();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostInFlight = new AtomicInteger();
        for (int i = 0; i < calls; i++) {
            int id = i;
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            p.startInsert("many", "many" + i, Map.of("field0", bytes("v" + i)), status -> {
                inFlight.decrementAndGet();
                told.merge(id, 1, Integer::sum);
                if (status != Status.OK) {
                    notOk.incrementAndGet();
                }
                if (remaining.decrementAndGet() == 0) {
                    all.complete(null);
                }
            });
        }
        all.get(60, TimeUnit.SECONDS);
        assertEquals(0, notOk.get(), "every insert OK");
        assertEquals(calls, told.size());
        assertFalse(told.values().stream().anyMatch(n -> n != 1), "each told exactly once");
        // A start that waited for its reply would leave at most one call in flight.
        assertTrue(mostInFlight.get() > 10, "at most " + mostInFlight.get() + " calls were in flight at once");
        Session s = store.newSession();
        Map<String, byte[]> last = new HashMap<>();
        assertEquals(Status.OK, s.read("many", "many" + (calls - 1), null, last));
        assertArrayEquals(bytes("v" + (calls - 1)), last.get("field0"));
    }
}
