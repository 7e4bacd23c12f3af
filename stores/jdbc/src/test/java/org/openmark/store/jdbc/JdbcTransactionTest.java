package org.openmark.store.jdbc;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Units of work against a real PostgreSQL server. Two sessions interleave a
 * read-modify-write of one counter by hand (A reads, B reads, B writes and commits, A
 * writes and commits): under serializable (and repeatable read) A's write fails with 40001
 * and A is ABORTED; under read committed B's increment is lost.
 */
@Tag("integration")
class JdbcTransactionTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final AtomicInteger KEYS = new AtomicInteger();
    private static final String TABLE = "accounts";

    @Test
    void readModifyWrite_serializableConflict_laterWriterAborted() {
        try (JdbcStore store = open("serializable"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            Outcome outcome = interleave(a, b, key);

            assertEquals(Status.OK, outcome.commitB());
            assertEquals(Status.ABORTED, outcome.writeA(), "40001 on A's update");
            assertEquals(Status.ABORTED, outcome.commitA());
            assertEquals(11, counter(b, key), "only B's increment applies");
        }
    }

    @Test
    void readModifyWrite_repeatableReadConflict_laterWriterAborted() {
        try (JdbcStore store = open("repeatable_read"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            Outcome outcome = interleave(a, b, key);

            assertEquals(Status.ABORTED, outcome.writeA());
            assertEquals(Status.ABORTED, outcome.commitA());
        }
    }

    @Test
    void readModifyWrite_readCommitted_updateLost() {
        try (JdbcStore store = open("read_committed"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            Outcome outcome = interleave(a, b, key);

            assertEquals(Status.OK, outcome.writeA());
            assertEquals(Status.OK, outcome.commitA());
            assertEquals(Status.OK, outcome.commitB());
            assertEquals(11, counter(b, key), "two increments, one lost");
        }
    }

    @Test
    void abortedUnit_laterCallsAbortedThenSessionReusable() {
        try (JdbcStore store = open("serializable"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);
            String other = seedCounter(a, 5);
            a.start();
            counter(a, key);
            b.start();
            b.update(TABLE, key, counterValue(counter(b, key) + 1));
            b.commit();
            assertEquals(Status.ABORTED, a.update(TABLE, key, counterValue(99)));

            assertEquals(Status.ABORTED, a.read(TABLE, other, null, new HashMap<>()), "the unit is doomed");
            assertEquals(Status.ABORTED, a.commit());

            assertEquals(Status.OK, a.start());
            assertEquals(Status.OK, a.update(TABLE, key, counterValue(counter(a, key) + 1)));
            assertEquals(Status.OK, a.commit());
            assertEquals(12, counter(b, key));
        }
    }

    @Test
    void update_insideUnit_invisibleUntilCommitAndRolledBackByAbort() {
        try (JdbcStore store = open("read_committed"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);
            a.start();
            a.update(TABLE, key, counterValue(20));
            a.insert(TABLE, key + "x", counterValue(1));

            assertEquals(10, counter(b, key));
            assertEquals(Status.NOT_FOUND, b.read(TABLE, key + "x", null, new HashMap<>()));
            assertEquals(Status.OK, a.abort());
            assertEquals(10, counter(b, key));
            assertEquals(Status.NOT_FOUND, b.read(TABLE, key + "x", null, new HashMap<>()));

            a.start();
            a.update(TABLE, key, counterValue(30));
            assertEquals(Status.OK, a.commit());
            assertEquals(30, counter(b, key));
        }
    }

    @Test
    void update_outsideUnit_autocommitted() {
        try (JdbcStore store = open("serializable"); Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            a.update(TABLE, key, counterValue(11));

            assertEquals(11, counter(b, key));
        }
    }

    @Test
    void crossedUpdates_deadlock_oneSessionAborted() throws Exception {
        try (JdbcStore store = open("read_committed"); Session a = store.newSession(); Session b = store.newSession()) {
            String first = seedCounter(a, 1);
            String second = seedCounter(a, 2);
            a.start();
            b.start();
            assertEquals(Status.OK, a.update(TABLE, first, counterValue(10)));
            assertEquals(Status.OK, b.update(TABLE, second, counterValue(20)));
            ExecutorService executor = Executors.newSingleThreadExecutor();
            try {
                // A blocks on B's row lock; B then asks for A's: PostgreSQL breaks the cycle with 40P01
                Future<Status> aWaits = executor.submit(() -> a.update(TABLE, second, counterValue(11)));
                Status bStatus = b.update(TABLE, first, counterValue(21));
                if (bStatus == Status.ABORTED) {
                    b.abort();
                }
                Status aStatus = aWaits.get(30, TimeUnit.SECONDS);

                assertTrue(List.of(aStatus, bStatus).contains(Status.ABORTED), "A " + aStatus + ", B " + bStatus);
                assertTrue(List.of(aStatus, bStatus).contains(Status.OK), "A " + aStatus + ", B " + bStatus);
            } finally {
                executor.shutdownNow();
                a.abort();
                b.abort();
            }
        }
    }

    private JdbcStore open(String isolation) {
        // the workload's table is the one checked when the store opens
        return new JdbcStoreFactory().open(SERVER.properties("jdbc.isolation=" + isolation, "fieldcount=1",
                "fieldnameprefix=balance", "table=" + TABLE));
    }

    private record Outcome(Status writeA, Status commitA, Status commitB) {
    }

    /** A reads, B reads, B writes +1 and commits, A writes +1 and commits. */
    private static Outcome interleave(Session a, Session b, String key) {
        assertEquals(Status.OK, a.start());
        long seenByA = counter(a, key);
        assertEquals(Status.OK, b.start());
        long seenByB = counter(b, key);
        assertEquals(Status.OK, b.update(TABLE, key, counterValue(seenByB + 1)));
        Status commitB = b.commit();
        Status writeA = a.update(TABLE, key, counterValue(seenByA + 1));
        return new Outcome(writeA, a.commit(), commitB);
    }

    private static String seedCounter(Session session, long value) {
        String key = "counter" + KEYS.incrementAndGet();
        assertEquals(Status.OK, session.insert(TABLE, key, counterValue(value)));
        return key;
    }

    private static long counter(Session session, String key) {
        Map<String, byte[]> read = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key, null, read));
        return Long.parseLong(new String(read.get("balance0"), UTF_8));
    }

    private static Map<String, byte[]> counterValue(long value) {
        return Map.of("balance0", Long.toString(value).getBytes(UTF_8));
    }
}
