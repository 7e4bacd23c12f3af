package org.openmark.store.sim.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.SimStoreFactory;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.Handshake;
import org.openmark.store.sim.protocol.RequestCodec;

/**
 * How many operations per second the server sustains over loopback with the throughput limit
 * off and zero latency. Real time, so tagged slow and excluded from the normal suite; run it
 * with its {@link #main} (see docs/simstore.md). Prints the figures.
 */
@Tag("slow")
public class LoopbackThroughputTest {

    /** Runs both measurements outside JUnit. */
    public static void main(String[] args) throws Exception {
        LoopbackThroughputTest t = new LoopbackThroughputTest();
        if (args.length == 0 || args[0].equals("raw")) {
            t.server_pipelinedRawConnections_over100kOpsPerSecond();
        }
        if (args.length == 0 || args[0].equals("client")) {
            t.server_clientSessionsOnTwoConnections_throughputReported();
        }
    }

    private static final long MEASURE_NANOS = 3_000_000_000L;
    private static final long WARM_UP_NANOS = 1_000_000_000L;
    private final Clock real = Clock.system();

    private static Map<String, byte[]> value() {
        Map<String, byte[]> m = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            m.put("field" + i, new byte[25]);
        }
        return m;
    }

    /** Raw pipelined connections: each keeps {@code window} requests in flight. */
    @Test
    void server_pipelinedRawConnections_over100kOpsPerSecond() throws Exception {
        int connections = 4;
        int window = 128;
        try (SimServer server = SimServer.start(SimConfig.singleNode(new Distribution.Constant(0), 1), null, 0, real)) {
            LongAdder done = new LongAdder();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                Socket socket = new Socket(server.address().getAddress(), server.port());
                socket.setTcpNoDelay(true);
                OutputStream out = socket.getOutputStream();
                DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream(), 1 << 16));
                byte[] hello = new byte[8];
                Handshake.clientHello().get(hello);
                out.write(hello);
                in.readFully(new byte[in.readInt()]);
                Semaphore credits = new Semaphore(window);
                int conn = c;
                // Frames are encoded once up front, so the client spends its CPU on sending only.
                byte[][] frames = encodedFrames(conn);
                threads.add(Thread.ofPlatform().start(() -> {
                    java.io.BufferedOutputStream bout = new java.io.BufferedOutputStream(out, 1 << 16);
                    try {
                        for (int i = 0; !stop.get(); i++) {
                            if (!credits.tryAcquire()) {
                                bout.flush();
                                credits.acquire();
                            }
                            bout.write(frames[i % frames.length]);
                        }
                        bout.flush();
                    } catch (Exception e) {
                        stop.set(true);
                    }
                }));
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        while (true) {
                            in.skipNBytes(in.readInt());
                            done.increment();
                            credits.release();
                        }
                    } catch (IOException closed) {
                        // End of the run: unblock the writer, which may wait for credits.
                        stop.set(true);
                        credits.release(window);
                    }
                }));
            }
            double opsPerSec = measure(done);
            stop.set(true);
            server.close();
            for (Thread t : threads) {
                t.join();
            }
            System.out.printf("loopback, %d raw connections x %d in flight: %.0f ops/s%n", connections, window, opsPerSec);
            assertTrue(opsPerSec > 100_000, "only " + opsPerSec + " ops/s");
        }
    }

    /** The real client: synchronous sessions on virtual threads sharing a few connections. */
    @Test
    void server_clientSessionsOnTwoConnections_throughputReported() throws Exception {
        int sessions = Integer.getInteger("sessions", 64);
        try (SimServer server = SimServer.start(SimConfig.singleNode(new Distribution.Constant(0), 1), null, 0, real);
                Store store = new SimStoreFactory().open(StoreProperties.of(Map.of("sim.port",
                        Integer.toString(server.port()), "sim.connections", "2")), real)) {
            LongAdder done = new LongAdder();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < sessions; t++) {
                int id = t;
                threads.add(Thread.ofVirtual().start(() -> {
                    Session s = store.newSession();
                    Map<String, byte[]> v = value();
                    for (int i = 0; !stop.get(); i++) {
                        Status st = i % 2 == 0 ? s.read("t", "k" + (i % 1000), null, new HashMap<>())
                                : s.update("t", "k" + id + "-" + (i % 1000), v);
                        if (st == Status.SERVICE_UNAVAILABLE) {
                            return;
                        }
                        done.increment();
                    }
                }));
            }
            double opsPerSec = measure(done);
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            System.out.printf("loopback, %d client sessions on 2 connections: %.0f ops/s%n", sessions, opsPerSec);
            assertEquals(0, server.groundTruth().operation(org.openmark.store.sim.engine.SimOp.READ).queueingNanos().max());
        }
    }

    /** Half reads, half updates of 4 x 25-byte fields, over 1000 keys. */
    private static byte[][] encodedFrames(int conn) throws Exception {
        FrameBuilder fb = new FrameBuilder(1 << 20);
        byte[][] frames = new byte[2000][];
        for (int i = 0; i < frames.length; i++) {
            SimRequest r = i % 2 == 0 ? new SimRequest.Read("t", "k" + (i % 1000), null)
                    : new SimRequest.Update("t", "k" + conn + "-" + (i % 1000), value());
            java.nio.ByteBuffer f = RequestCodec.encode(i + 1, r, fb);
            frames[i] = new byte[f.remaining()];
            f.get(frames[i]);
        }
        return frames;
    }

    /** Parks (not spins: the machine may have two cores) through a warm-up, then counts for the measurement time. */
    private double measure(LongAdder done) throws InterruptedException {
        real.parkUntil(real.nanoTime() + WARM_UP_NANOS);
        long startOps = done.sum();
        long start = real.nanoTime();
        real.parkUntil(start + MEASURE_NANOS);
        return (done.sum() - startOps) * 1e9 / (real.nanoTime() - start);
    }
}
