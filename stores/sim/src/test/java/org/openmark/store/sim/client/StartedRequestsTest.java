package org.openmark.store.sim.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimOp;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.protocol.RequestCodec;
import org.openmark.store.sim.server.SimServer;

/**
 * Requests started without a waiting thread ({@link PipelinedSession}): one thread keeps many in
 * flight, each completion is told once with its own answer, queued frames go out on flush, a
 * broken connection fails every started request, and a reply that comes before its simulated
 * time is held until then.
 */
@Timeout(60)   // a safety net against a hang, not a speed assertion
class StartedRequestsTest {
    private static final String T = "usertable";

    /** Statuses (and read values) by key, as the completions told them. */
    private static final class Told {
        final Map<String, Status> statuses = new ConcurrentHashMap<>();
        final Map<String, String> values = new ConcurrentHashMap<>();
        final Map<String, Integer> times = new ConcurrentHashMap<>();
        final CountDownLatch all;

        Told(int expected) {
            all = new CountDownLatch(expected);
        }

        PipelinedSession.Completion forKey(String key, Map<String, byte[]> read) {
            return status -> {
                statuses.put(key, status);
                times.merge(key, 1, Integer::sum);
                if (read != null && read.get("f") != null) {
                    values.put(key, new String(read.get("f"), StandardCharsets.UTF_8));
                }
                all.countDown();
            };
        }

        void await() throws InterruptedException {
            assertTrue(all.await(30, TimeUnit.SECONDS), () -> all.getCount() + " completions never told");
        }
    }

    @Test
    void oneThreadStartsThousands_eachToldOnceWithItsOwnAnswer() throws Exception {
        int n = 2_000;
        Clock clock = Clock.system();
        try (SimServer server = SimServer.start(SimConfig.singleNode(new Distribution.Constant(0), 1), null, 0, clock);
                SimConnection connection = SimConnection.open(server.address());
                DelayedReplies delays = new DelayedReplies(clock)) {
            RemoteSession session = new RemoteSession(connection, clock, delays);
            Told inserts = new Told(n);
            for (int i = 0; i < n; i++) {
                String key = "k" + i;
                session.startInsert(T, key, Map.of("f", key.getBytes(StandardCharsets.UTF_8)), inserts.forKey(key, null));
            }
            session.flush();
            inserts.await();
            Told reads = new Told(n);
            for (int i = 0; i < n; i++) {
                String key = "k" + i;
                Map<String, byte[]> result = new HashMap<>();
                session.startRead(T, key, null, result, reads.forKey(key, result));
            }
            session.flush();
            reads.await();

            for (int i = 0; i < n; i++) {
                String key = "k" + i;
                assertEquals(Status.OK, inserts.statuses.get(key), key);
                assertEquals(Status.OK, reads.statuses.get(key), key);
                assertEquals(key, reads.values.get(key), "the read of " + key + " got another's answer");
                assertEquals(1, reads.times.get(key), key + " told more than once");
            }
            assertEquals(n, server.groundTruth().operation(SimOp.INSERT).count());
            assertEquals(n, server.groundTruth().operation(SimOp.READ).count());
            assertEquals(0, connection.waitingCalls());
        }
    }

    @Test
    void startedRequestsLeftQueued_goOutOnFlush() throws Throwable {
        int n = 5;   // fewer than the outbox sends on its own
        List<Long> received = new ArrayList<>();
        try (ScriptedServer server = new ScriptedServer(s -> {
            for (int i = 0; i < n; i++) {
                RequestCodec.Frame f = s.read();
                received.add(f.requestId());
                s.reply(f.requestId(), new SimReply.OpReply(Status.OK, 0, null, null));
            }
        }); SimConnection connection = SimConnection.open(server.address());
                DelayedReplies delays = new DelayedReplies(Clock.system())) {
            RemoteSession session = new RemoteSession(connection, Clock.system(), delays);
            Told told = new Told(n);
            for (int i = 0; i < n; i++) {
                session.startDelete(T, "k" + i, told.forKey("k" + i, null));
            }
            assertEquals(n, connection.waitingCalls(), "started and not answered: the frames are still queued");
            session.flush();
            told.await();
            server.join();
            assertEquals(n, received.size());
            assertEquals(Map.of("k0", Status.OK, "k1", Status.OK, "k2", Status.OK, "k3", Status.OK, "k4", Status.OK),
                    told.statuses);
        }
    }

    @Test
    void connectionBreaks_everyStartedAndLaterRequestIsServiceUnavailable() throws Throwable {
        int n = 16;
        try (ScriptedServer server = new ScriptedServer(s -> {
            for (int i = 0; i < n; i++) {
                s.read();
            }
            s.hangUp();
        }); SimConnection connection = SimConnection.open(server.address());
                DelayedReplies delays = new DelayedReplies(Clock.system())) {
            RemoteSession session = new RemoteSession(connection, Clock.system(), delays);
            Told told = new Told(n + 1);
            for (int i = 0; i < n; i++) {
                session.startRead(T, "k" + i, null, new HashMap<>(), told.forKey("k" + i, null));
            }
            session.flush();
            server.join();
            // Once the reader has seen the connection end, a request started later fails at once.
            while (connection.isOpen()) {
                Thread.onSpinWait();
            }
            session.startRead(T, "later", null, new HashMap<>(), told.forKey("later", null));
            told.await();
            assertEquals(n + 1, told.statuses.size());
            assertTrue(told.statuses.values().stream().allMatch(s -> s == Status.SERVICE_UNAVAILABLE), told.statuses::toString);
            assertTrue(session.lastFailure() != null && session.lastFailure().contains("broken"), session.lastFailure());
        }
    }

    @Test
    void replyBeforeItsSimulatedTime_isHeldUntilThen() throws Exception {
        long waitNanos = 30_000_000;   // 30 ms of simulated latency
        Clock clock = Clock.system();
        try (SimServer server = SimServer.start(SimConfig.singleNode(new Distribution.Constant(waitNanos), 1), null, 0,
                clock); SimConnection connection = SimConnection.open(server.address());
                DelayedReplies delays = new DelayedReplies(clock)) {
            RemoteSession session = new RemoteSession(connection, clock, delays);
            int n = 20;
            Map<String, Long> toldAt = new ConcurrentHashMap<>();
            CountDownLatch all = new CountDownLatch(n);
            long sent = clock.nanoTime();
            for (int i = 0; i < n; i++) {
                String key = "k" + i;
                session.startRead(T, key, null, new HashMap<>(), status -> {
                    toldAt.put(key, clock.nanoTime());
                    all.countDown();
                });
            }
            session.flush();
            assertTrue(all.await(30, TimeUnit.SECONDS));
            for (Map.Entry<String, Long> e : toldAt.entrySet()) {
                assertTrue(e.getValue() - sent >= waitNanos, () -> e.getKey() + " told after "
                        + (e.getValue() - sent) / 1000 + " us, before its simulated " + waitNanos / 1000 + " us");
            }
        }
    }
}
