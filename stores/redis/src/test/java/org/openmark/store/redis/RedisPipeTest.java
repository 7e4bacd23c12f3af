package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * The pipelined connection's timeouts against a fake server whose replies the test releases, on a
 * clock the test sets: the socket's read timeout (20 ms here) fires many times while a call waits,
 * and only a call that has waited the whole timeout on the pipe's clock times out.
 */
class RedisPipeTest {
    private static final int TIMEOUT_MS = 20;
    private final AtomicLong nanos = new AtomicLong();
    private ServerSocket server;
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger requestsSeen = new AtomicInteger();

    /** Accepts one connection, counts the requests (one PING per call), and answers them all once released. */
    @BeforeEach
    void fakeServer() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().start(() -> {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        for (int b; (b = in.read()) >= 0; ) {
                            if (b == '*') {
                                requestsSeen.incrementAndGet();
                            }
                        }
                    } catch (IOException ignored) {
                        // the client went away
                    }
                });
                release.await();
                for (int i = 0; i < 2; i++) {
                    out.write("+PONG\r\n".getBytes(UTF_8));
                }
                out.flush();
                in.transferTo(OutputStream.nullOutputStream()); // hold the connection until the client closes it
            } catch (IOException | InterruptedException ignored) {
                // the test ended
            }
        });
    }

    @AfterEach
    void close() throws IOException {
        release.countDown();
        server.close();
    }

    /** A call of one PING that tells its status. */
    private static final class Ping extends RedisPipe.Call {
        final CompletableFuture<Status> told = new CompletableFuture<>();
        final AtomicInteger times = new AtomicInteger();
        final List<Object> replies = new ArrayList<>();

        Ping() {
            super(1);
        }

        @Override
        void write(RedisOutputStream out) throws IOException {
            RedisCommands.command(out, RedisLayout.bytes("PING"), 0);
        }

        @Override
        void take(Object reply) {
            replies.add(reply);
        }

        @Override
        void end() {
            times.incrementAndGet();
            told.complete(Status.OK);
        }

        @Override
        void fail(Status status, String why) {
            times.incrementAndGet();
            told.complete(status);
        }
    }

    private RedisPipe open() {
        JedisClientConfig config = DefaultJedisClientConfig.builder().socketTimeoutMillis(TIMEOUT_MS)
                .connectionTimeoutMillis(1000).build();
        return RedisPipe.open(new HostAndPort("127.0.0.1", server.getLocalPort()), config, nanos::get);
    }

    private void awaitRequests(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (requestsSeen.get() < n && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(n, requestsSeen.get(), "requests the server saw");
    }

    @Test
    void send_replyAfterManySocketTimeoutsOnAClockThatDidNotMove_okNotTimeout() throws Exception {
        try (RedisPipe pipe = open()) {
            Ping first = new Ping();
            Ping second = new Ping();
            assertTrue(pipe.send(first));
            assertTrue(pipe.send(second));
            pipe.flush();
            awaitRequests(2);
            // The socket's timeout fires every 20 ms; on the pipe's clock no time passed, so the reads
            // began while the calls were fresh, and they must not time out. The server answers only once
            // the first call has had time to time out (socket time) several times over.
            assertThrows(TimeoutException.class, () -> first.told.get(10 * TIMEOUT_MS, TimeUnit.MILLISECONDS),
                    "no outcome before the server answered");
            release.countDown();
            assertEquals(Status.OK, first.told.get(30, TimeUnit.SECONDS));
            assertEquals(Status.OK, second.told.get(30, TimeUnit.SECONDS));
            assertEquals(List.of("PONG"), first.replies.stream().map(r -> new String((byte[]) r, UTF_8)).toList());
            assertEquals(1, first.times.get());
            assertFalse(pipe.isBroken(), "still usable");
        }
    }

    @Test
    void send_serverSilentForTheWholeTimeout_everyQueuedCallTimeoutOnceAndPipeBroken() throws Exception {
        try (RedisPipe pipe = open()) {
            Ping first = new Ping();
            Ping second = new Ping();
            assertTrue(pipe.send(first));
            nanos.set(TimeUnit.MILLISECONDS.toNanos(5));
            assertTrue(pipe.send(second));
            pipe.flush();
            awaitRequests(2);
            nanos.set(TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MS)); // the first call has now waited the timeout

            assertEquals(Status.TIMEOUT, first.told.get(30, TimeUnit.SECONDS));
            assertEquals(Status.TIMEOUT, second.told.get(30, TimeUnit.SECONDS), "queued behind it: lost with it");
            assertEquals(1, first.times.get());
            assertEquals(1, second.times.get());
            assertTrue(pipe.isBroken());
            assertFalse(pipe.send(new Ping()), "a broken pipe takes no call");
        }
    }
}
