package org.openmark.store.sim.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.SimStoreFactory;
import org.openmark.store.sim.client.SimClientStore;
import org.openmark.store.sim.config.YamlSimConfig;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.engine.TruthReport;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.protocol.ReplyCodec;
import org.openmark.store.sim.protocol.Wire;
import org.openmark.testing.FakeClock;

/** The server over real loopback sockets: CRUD, stats, and hostile or broken peers. */
class SimServerTest {
    private static final long MS = 1_000_000L;
    private static final String T = "usertable";

    private final FakeClock serverClock = new FakeClock();
    private final FakeClock clientClock = new FakeClock();
    private SimServer server;
    private Store store;

    static SimConfig config() {
        return YamlSimConfig.parse("""
                client: {readPreference: primary, writeConcern: 2, seed: 3}
                nodes:
                  - {latency: const(5ms)}
                  - {latency: const(1ms), replicationDelay: const(20ms)}
                maxFrameBytes: 65536
                """, null);
    }

    @BeforeEach
    void start() throws IOException {
        server = SimServer.start(config(), null, 0, serverClock);
        store = new SimStoreFactory().open(StoreProperties.of(Map.of("sim.host", "127.0.0.1",
                "sim.port", Integer.toString(server.port()), "sim.connections", "2")), clientClock);
    }

    @AfterEach
    void stop() {
        store.close();
        server.close();
    }

    private static Map<String, byte[]> value(String v) {
        return Map.of("field0", v.getBytes(StandardCharsets.UTF_8));
    }

    /** A full round of CRUD and scan through the normal client; fails if the server stopped serving. */
    private void crud(Session s, String prefix) {
        assertEquals(Status.OK, s.insert(T, prefix + "a", value("1")));
        assertEquals(Status.OK, s.insert(T, prefix + "b", value("2")));
        assertEquals(Status.OK, s.update(T, prefix + "a", Map.of("field1", new byte[] {7})));
        Map<String, byte[]> r = new HashMap<>();
        assertEquals(Status.OK, s.read(T, prefix + "a", null, r));
        assertEquals("1", new String(r.get("field0"), StandardCharsets.UTF_8));
        assertEquals(7, r.get("field1")[0]);
        List<Record> scanned = new ArrayList<>();
        assertEquals(Status.OK, s.scan(T, prefix + "a", 2, null, scanned));
        assertEquals(List.of(prefix + "a", prefix + "b"), scanned.stream().map(Record::key).toList());
        assertEquals(Status.OK, s.delete(T, prefix + "b"));
        assertEquals(Status.NOT_FOUND, s.read(T, prefix + "b", null, new HashMap<>()));
    }

    @Test
    void session_crudAndScanOverTcp_work() {
        crud(store.newSession(), "x");
        crud(store.newSession(), "y");
    }

    /**
     * An empty server says so: without it a run against one neither loaded it first nor kept its
     * reads of absent records from being blamed on the store as lost records.
     */
    @Test
    void isKnownEmpty_overTcp_trueUntilARecordIsWrittenFalseWhenItCannotTell() {
        assertTrue(store.isKnownEmpty(T));
        assertEquals(Status.OK, store.newSession().insert(T, "user1", value("1")));
        assertFalse(store.isKnownEmpty(T));
        assertTrue(store.isKnownEmpty("another"), "tables are apart");
        server.close();
        assertFalse(store.isKnownEmpty("another"), "no answer: not known empty");
    }

    @Test
    void session_waitsTheServersComputedWait() {
        Session s = store.newSession();
        long before = clientClock.nanoTime();
        s.insert(T, "k", value("v"));                 // 5 ms latency + w=2 → 20 ms replication
        assertEquals(before + 25 * MS, clientClock.nanoTime());
        s.read(T, "k", null, new HashMap<>());        // primary: 5 ms
        assertEquals(before + 30 * MS, clientClock.nanoTime());
    }

    @Test
    void stats_overProtocol_matchServerTruth() {
        Session s = store.newSession();
        crud(s, "k");
        SimClientStore client = assertInstanceOf(SimClientStore.class, store);
        TruthReport remote = client.groundTruth();
        assertEquals(server.groundTruth().toJson(), remote.toJson());
        assertEquals(3, remote.operations().get("READ").count() + remote.operations().get("SCAN").count());
        assertEquals(3, remote.seed());
    }

    @Test
    void handshake_wrongMagic_errorReplyAndClose() throws Exception {
        try (RawClient raw = new RawClient(server.address())) {
            raw.send("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertError(raw.read(), SimReply.ErrorReply.BAD_HANDSHAKE);
            assertTrue(raw.closedByServer());
        }
        crud(store.newSession(), "m");
    }

    @Test
    void handshake_wrongVersion_errorReplyAndClose() throws Exception {
        try (RawClient raw = new RawClient(server.address())) {
            raw.send(org.openmark.store.sim.protocol.Handshake.clientHello(Wire.MAGIC, 99));
            SimReply.ErrorReply e = assertError(raw.read(), SimReply.ErrorReply.BAD_HANDSHAKE);
            assertTrue(e.message().contains("99"), e.message());
            assertTrue(raw.closedByServer());
        }
        crud(store.newSession(), "v");
    }

    @Test
    void frame_oversized_errorReplyAndCloseBeforeReadingIt() throws Exception {
        try (RawClient raw = new RawClient(server.address()).hello()) {
            assertInstanceOf(ReplyCodec.HelloOk.class, raw.read());
            raw.send(ByteBuffer.allocate(4).putInt(1 << 30).flip());   // claims 1 GiB, sends nothing more
            assertError(raw.read(), SimReply.ErrorReply.OVERSIZED);
            assertTrue(raw.closedByServer());
        }
        crud(store.newSession(), "o");
    }

    @Test
    void frame_unknownTypeOrMalformedOrEmpty_errorReplyAndClose() throws Exception {
        byte[][] bad = {
            ByteBuffer.allocate(13).putInt(9).put((byte) 99).putLong(5).array(),              // unknown type
            ByteBuffer.allocate(17).putInt(13).put(Wire.READ).putLong(5).putInt(1000).array(), // string beyond frame
            ByteBuffer.allocate(4).putInt(0).array(),                                          // empty frame
        };
        int[] codes = {SimReply.ErrorReply.UNKNOWN_TYPE, SimReply.ErrorReply.MALFORMED, SimReply.ErrorReply.MALFORMED};
        for (int i = 0; i < bad.length; i++) {
            try (RawClient raw = new RawClient(server.address()).hello()) {
                raw.read();
                raw.request(1, new SimRequest.Read(T, "nothing", null));
                assertEquals(Status.NOT_FOUND, ((SimReply.OpReply) reply(raw.read())).status());
                raw.send(bad[i]);
                assertError(raw.read(), codes[i]);
                assertTrue(raw.closedByServer());
            }
            crud(store.newSession(), "u" + i);
        }
    }

    @Test
    void client_disconnectsMidRequest_othersKeepWorking() throws Exception {
        Session good = store.newSession();
        crud(good, "before");
        try (RawClient raw = new RawClient(server.address()).hello()) {
            raw.read();
            // Half a frame: the header promises 100 bytes, 10 arrive, then the peer goes away.
            raw.send(ByteBuffer.allocate(14).putInt(100).put(Wire.UPDATE).putLong(1).put(new byte[] {0}).flip());
        }
        try (RawClient raw = new RawClient(server.address())) {
            raw.send(new byte[] {'O', 'M'});   // half a hello, then gone
        }
        try (RawClient raw = new RawClient(server.address()).hello()) {
            raw.read();
            // A whole request whose reply nobody reads.
            raw.request(9, new SimRequest.Insert(T, "orphan", value("o")));
        }
        crud(good, "after");
        awaitConnections(2);   // only the store's two connections remain
        assertTrue(server.isRunning());
    }

    @Test
    void garbageStorm_fromManyPeers_serverKeepsServing() throws Exception {
        java.util.SplittableRandom r = new java.util.SplittableRandom(77);
        Session good = store.newSession();
        for (int round = 0; round < 30; round++) {
            try (RawClient raw = new RawClient(server.address())) {
                if (r.nextBoolean()) {
                    raw.hello();
                }
                byte[] junk = new byte[1 + r.nextInt(3000)];
                r.nextBytes(junk);
                raw.send(junk);
            } catch (java.net.SocketException closedEarly) {
                // The server may already have rejected and closed: that is the point.
            }
            assertEquals(Status.OK, good.update(T, "g" + round, value("v")));
        }
        crud(good, "storm");
    }

    @Test
    void reply_tooLargeForAFrame_errorStatusAndConnectionStaysUsable() {
        Session s = store.newSession();
        for (int i = 0; i < 40; i++) {
            assertEquals(Status.OK, s.insert(T, "big" + i, Map.of("f", new byte[2000])));
        }
        assertEquals(Status.OK, s.scan(T, "big", 30, null, new ArrayList<>()));      // 30 × ~2 KB fit in 64 KiB
        assertEquals(Status.ERROR, s.scan(T, "big", 40, null, new ArrayList<>()));   // 40 × ~2 KB do not
        assertEquals(Status.BAD_REQUEST, s.insert(T, "huge", Map.of("f", new byte[70_000])));   // never sent
        crud(s, "z");
    }

    @Test
    void pipelining_manyThreadsOnTwoConnections_eachSeesItsOwnWrites() throws Exception {
        int threads = 8;
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            String prefix = "t" + t + "-";
            workers.add(Thread.ofVirtual().start(() -> {
                try {
                    Session s = store.newSession();
                    for (int i = 0; i < 300; i++) {
                        assertEquals(Status.OK, s.insert(T, prefix + i, value(prefix + i)));
                        Map<String, byte[]> r = new HashMap<>();
                        assertEquals(Status.OK, s.read(T, prefix + i, null, r));
                        assertEquals(prefix + i, new String(r.get("field0"), StandardCharsets.UTF_8));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread w : workers) {
            w.join();
        }
        assertEquals(List.of(), failures);
        assertEquals(threads * 300, server.groundTruth().operation(org.openmark.store.sim.engine.SimOp.INSERT).count());
    }

    @Test
    void close_server_clientCallsReportUnavailable() {
        Session s = store.newSession();
        crud(s, "c");
        server.close();
        assertEquals(Status.SERVICE_UNAVAILABLE, s.read(T, "ca", null, new HashMap<>()));
        assertEquals(Status.SERVICE_UNAVAILABLE, s.read(T, "ca", null, new HashMap<>()));
    }

    private static SimReply reply(ReplyCodec.Decoded d) {
        return assertInstanceOf(ReplyCodec.Reply.class, d).frame().reply();
    }

    private static SimReply.ErrorReply assertError(ReplyCodec.Decoded d, int code) {
        SimReply.ErrorReply e = assertInstanceOf(SimReply.ErrorReply.class, reply(d));
        assertEquals(code, e.code(), e.message());
        return e;
    }

    /** Waits (spinning, bounded by real time) until the server has noticed closed peers. */
    private void awaitConnections(int expected) {
        org.openmark.api.Clock real = org.openmark.api.Clock.system();
        long deadline = real.nanoTime() + 10_000 * MS;
        while (server.openConnections() != expected && real.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(expected, server.openConnections());
    }
}
