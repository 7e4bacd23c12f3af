package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Units of work against a real Redis server. Two sessions interleave a read-modify-write of
 * one counter by hand (A reads, B reads, B writes and commits, A writes and commits): with
 * {@code redis.txn=watch} A is ABORTED, with {@code none} B's increment is lost.
 */
@Tag("integration")
class RedisTransactionTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final AtomicInteger KEYS = new AtomicInteger();
    private static final String TABLE = "txn";

    @Test
    void commit_watchModeConflictingReadModifyWrite_laterCommitAborted() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            Outcome outcome = interleave(a, b, key);

            assertEquals(Status.OK, outcome.commitB());
            assertEquals(Status.ABORTED, outcome.commitA());
            assertEquals(11, counter(a, key), "only B's increment applies");
        }
    }

    @Test
    void commit_afterAbortedUnit_retrySucceeds() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);
            interleave(a, b, key);

            assertEquals(Status.OK, a.start());
            long value = counter(a, key);
            assertEquals(Status.OK, a.update(TABLE, key, counterValue(value + 1)));
            assertEquals(Status.OK, a.commit());

            assertEquals(12, counter(a, key));
        }
    }

    @Test
    void commit_noneModeConflictingReadModifyWrite_updateLost() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=none"));
                Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);

            Outcome outcome = interleave(a, b, key);

            assertEquals(Status.OK, outcome.commitB());
            assertEquals(Status.OK, outcome.commitA());
            assertEquals(11, counter(a, key), "two increments, one lost");
        }
    }

    @Test
    void update_insideWatchUnit_invisibleUntilCommit() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession(); Session b = store.newSession()) {
            String key = seedCounter(a, 10);
            a.start();

            assertEquals(Status.OK, a.update(TABLE, key, counterValue(99)));
            assertEquals(Status.OK, a.insert(TABLE, key + "new", counterValue(1)));

            assertEquals(10, counter(b, key));
            assertEquals(Status.NOT_FOUND, b.read(TABLE, key + "new", null, new HashMap<>()));
            assertEquals(Status.OK, a.commit());
            assertEquals(99, counter(b, key));
            assertEquals(1, counter(b, key + "new"));
        }
    }

    @Test
    void abort_watchUnitWithWrites_discardsThem() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession()) {
            String key = seedCounter(a, 10);
            a.start();
            counter(a, key);
            a.update(TABLE, key, counterValue(50));
            a.delete(TABLE, key);

            assertEquals(Status.OK, a.abort());

            assertEquals(10, counter(a, key));
            assertEquals(Status.OK, a.commit(), "commit without a unit does nothing");
        }
    }

    @Test
    void commit_scannedRangeGainsKey_aborted() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession(); Session b = store.newSession()) {
            String prefix = "range" + KEYS.incrementAndGet() + "_";
            b.insert(TABLE, prefix + "1", counterValue(1));
            a.start();
            List<Record> scanned = new ArrayList<>();
            assertEquals(Status.OK, a.scan(TABLE, prefix, 10, null, scanned));

            b.insert(TABLE, prefix + "2", counterValue(2));

            assertEquals(Status.ABORTED, a.commit(), "a read-only unit is checked at commit as well");
        }
    }

    @Test
    void start_twiceWithoutCommit_unexpectedState() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.txn=watch"));
                Session a = store.newSession()) {
            assertEquals(Status.OK, a.start());
            assertEquals(Status.UNEXPECTED_STATE, a.start());
            assertEquals(Status.OK, a.abort());
        }
    }

    private record Outcome(Status commitA, Status commitB) {
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
        assertEquals(Status.OK, writeA, "a buffered write is accepted");
        return new Outcome(a.commit(), commitB);
    }

    private static String seedCounter(Session session, long value) {
        String key = "counter" + KEYS.incrementAndGet();
        assertEquals(Status.OK, session.insert(TABLE, key, counterValue(value)));
        return key;
    }

    private static long counter(Session session, String key) {
        Map<String, byte[]> read = new HashMap<>();
        assertEquals(Status.OK, session.read(TABLE, key, null, read));
        return Long.parseLong(new String(read.get("balance"), UTF_8));
    }

    private static Map<String, byte[]> counterValue(long value) {
        return Map.of("balance", Long.toString(value).getBytes(UTF_8));
    }
}
