package org.openmark.store.sim.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimOp;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.RequestCodec;
import org.openmark.store.sim.protocol.Wire;
import org.openmark.store.sim.server.SimServer;
import org.openmark.testing.FakeClock;

/**
 * One connection shared by many threads: requests in flight at once, replies matched by id in
 * any order, nothing lost or answered twice, and a broken connection or a reply that cannot be
 * trusted fails every waiting call.
 */
@Timeout(60)   // a safety net against a hang, not a speed assertion
class SimConnectionTest {
    private static final String T = "usertable";

    private static SimReply.OpReply echo(String key) {
        return new SimReply.OpReply(Status.OK, 0, Map.of("key", key.getBytes(StandardCharsets.UTF_8)), null);
    }

    private static SimRequest.Read read(String key) {
        return new SimRequest.Read(T, key, null);
    }

    /** Runs {@code calls} on their own threads, half platform, half virtual; returns their results in order. */
    private static <V> List<Object> onThreads(List<Callable<V>> calls) throws InterruptedException {
        List<Object> results = new ArrayList<>(Collections.nCopies(calls.size(), null));
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            int index = i;
            Thread.Builder builder = i % 2 == 0 ? Thread.ofPlatform() : Thread.ofVirtual();
            threads.add(builder.start(() -> {
                try {
                    results.set(index, calls.get(index).call());
                } catch (Exception e) {
                    results.set(index, e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        return results;
    }

    @Test
    void call_manyThreadsOnOneConnection_allInFlightAtOnceAndRepliesMatchedById() throws Throwable {
        int calls = 32;
        try (ScriptedServer server = new ScriptedServer(s -> {
            // Answers nothing until every call is in flight, then answers them last to first.
            List<RequestCodec.Frame> requests = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                requests.add(s.read());
            }
            for (RequestCodec.Frame f : requests.reversed()) {
                s.reply(f.requestId(), echo(((SimRequest.Read) f.request()).key()));
            }
        }); SimConnection connection = SimConnection.open(server.address())) {
            List<Callable<SimReply>> work = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                String key = "k" + i;
                work.add(() -> connection.call(read(key), new FrameBuilder(connection.maxFrameBytes())));
            }
            List<Object> replies = onThreads(work);
            for (int i = 0; i < calls; i++) {
                SimReply.OpReply reply = assertInstanceOf(SimReply.OpReply.class, replies.get(i), "call " + i);
                assertArrayEquals(("k" + i).getBytes(StandardCharsets.UTF_8), reply.fields().get("key"));
            }
            server.join();
            assertEquals(0, connection.waitingCalls());
        }
    }

    @Test
    void session_connectionBreaksWhileCallsWait_everyWaitingAndLaterCallIsServiceUnavailable() throws Throwable {
        int calls = 16;
        try (ScriptedServer server = new ScriptedServer(s -> {
            for (int i = 0; i < calls; i++) {
                s.read();
            }
            s.hangUp();
        }); SimConnection connection = SimConnection.open(server.address())) {
            FakeClock clock = new FakeClock();
            List<Callable<Status>> work = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                String key = "k" + i;
                work.add(() -> new RemoteSession(connection, clock, new DelayedReplies(clock)).read(T, key, null, new HashMap<>()));
            }
            assertEquals(Collections.nCopies(calls, Status.SERVICE_UNAVAILABLE), onThreads(work));
            server.join();
            assertFalse(connection.isOpen());
            assertEquals(Status.SERVICE_UNAVAILABLE, new RemoteSession(connection, clock, new DelayedReplies(clock)).read(T, "later", null, new HashMap<>()));
            assertEquals(0, connection.waitingCalls());
        }
    }

    @Test
    void reply_answeredTwice_breaksTheConnection() throws Throwable {
        try (ScriptedServer server = new ScriptedServer(s -> {
            RequestCodec.Frame first = s.read();
            s.reply(first.requestId(), echo("first"));
            s.reply(first.requestId(), echo("again"));
        }); SimConnection connection = SimConnection.open(server.address())) {
            FrameBuilder frames = new FrameBuilder(connection.maxFrameBytes());
            SimReply.OpReply reply = assertInstanceOf(SimReply.OpReply.class, connection.call(read("a"), frames));
            assertArrayEquals("first".getBytes(StandardCharsets.UTF_8), reply.fields().get("key"));
            // Whether this call is registered before or after the reader sees the second answer, it fails.
            IOException e = assertThrows(IOException.class, () -> connection.call(read("b"), frames));
            assertTrue(e.getMessage().contains("no call waits for"), e.getMessage());
            server.join();
        }
    }

    @Test
    void reply_toAnIdNeverAsked_failsEveryWaitingCall() throws Throwable {
        int calls = 8;
        try (ScriptedServer server = new ScriptedServer(s -> {
            for (int i = 0; i < calls; i++) {
                s.read();
            }
            s.reply(1_000_000, echo("stranger"));
        }); SimConnection connection = SimConnection.open(server.address())) {
            List<Callable<SimReply>> work = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                String key = "k" + i;
                work.add(() -> connection.call(read(key), new FrameBuilder(connection.maxFrameBytes())));
            }
            for (Object result : onThreads(work)) {
                assertInstanceOf(IOException.class, result);
            }
            server.join();
        }
    }

    @Test
    void reply_malformedBody_failsItsCallAndEveryOtherWaitingCall() throws Throwable {
        try (ScriptedServer server = new ScriptedServer(s -> {
            RequestCodec.Frame a = s.read();
            s.read();
            // A well-framed OP reply whose status code does not exist.
            s.send(ByteBuffer.allocate(4 + 19).putInt(19).put(Wire.OP_REPLY).putLong(a.requestId())
                    .put((byte) 99).putLong(0).put((byte) 0).flip());
        }); SimConnection connection = SimConnection.open(server.address())) {
            List<Callable<SimReply>> work = List.of(
                    () -> connection.call(read("a"), new FrameBuilder(connection.maxFrameBytes())),
                    () -> connection.call(read("b"), new FrameBuilder(connection.maxFrameBytes())));
            for (Object result : onThreads(work)) {
                assertInstanceOf(IOException.class, result);
            }
            assertFalse(connection.isOpen());
            server.join();
        }
    }

    @Test
    void call_manyThreadsManyRequestsOnOneConnection_noneLostNoneAnsweredTwiceEachSeesItsOwn() throws Exception {
        int threads = 32;
        int rounds = 200;
        FakeClock clock = new FakeClock();
        try (SimServer server = SimServer.start(SimConfig.singleNode(new Distribution.Constant(0), 1), null, 0, clock);
                SimConnection connection = SimConnection.open(server.address())) {
            Map<String, String> wrong = new ConcurrentHashMap<>();
            List<Callable<Integer>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String prefix = "t" + t + "-";
                work.add(() -> {
                    Session s = new RemoteSession(connection, clock, new DelayedReplies(clock));
                    for (int i = 0; i < rounds; i++) {
                        String key = prefix + i;
                        assertEquals(Status.OK, s.insert(T, key, Map.of("f", key.getBytes(StandardCharsets.UTF_8))));
                        Map<String, byte[]> r = new HashMap<>();
                        assertEquals(Status.OK, s.read(T, key, null, r));
                        String got = new String(r.get("f"), StandardCharsets.UTF_8);
                        if (!got.equals(key)) {
                            wrong.put(key, got);
                        }
                    }
                    return rounds;
                });
            }
            assertEquals(Collections.nCopies(threads, rounds), onThreads(work));
            assertEquals(Map.of(), wrong);
            // The server served each request exactly once: none lost, none sent twice.
            assertEquals(threads * rounds, server.groundTruth().operation(SimOp.INSERT).count());
            assertEquals(threads * rounds, server.groundTruth().operation(SimOp.READ).count());
            assertEquals(0, connection.waitingCalls());
        }
    }
}
