package org.openmark.store.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.engine.SimOp;
import org.openmark.store.sim.engine.TruthReport;
import org.openmark.testing.FakeClock;

/** The in-process store through the binding API, on a fake clock. */
class SimStoreTest {
    private static final long MS = 1_000_000L;
    private static final String T = "usertable";

    private static StoreFactory factory() {
        for (StoreFactory f : ServiceLoader.load(StoreFactory.class)) {
            if (f.name().equals("sim")) {
                return f;
            }
        }
        throw new AssertionError("the sim factory is not registered in META-INF/services");
    }

    private static Map<String, byte[]> value(String v) {
        Map<String, byte[]> m = new HashMap<>();
        m.put("field0", v.getBytes(StandardCharsets.UTF_8));
        return m;
    }

    @Test
    void session_call_waitsTheSimulatedLatencyThroughTheClock() {
        FakeClock clock = new FakeClock(5_000 * MS);
        try (Store store = factory().open(StoreProperties.of(Map.of("sim.latency", "const(3ms)", "sim.maxthroughput", "1000")), clock)) {
            Session s = store.newSession();
            assertEquals(Status.OK, s.insert(T, "k", value("a")));
            assertEquals(5_003 * MS, clock.nanoTime());
            assertEquals(List.of(5_003 * MS), clock.parkDeadlines());
            // The next request arrives at 5003 ms; the limiter's backlog (1 ms) has drained.
            Map<String, byte[]> out = new HashMap<>();
            assertEquals(Status.OK, s.read(T, "k", null, out));
            assertEquals(5_006 * MS, clock.nanoTime());
            assertEquals("a", new String(out.get("field0"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void session_crudAndScan_behaveLikeAStore() {
        FakeClock clock = new FakeClock();
        try (Store store = factory().open(StoreProperties.empty(), clock)) {
            Session s = store.newSession();
            assertTrue(store.isKnownEmpty(T));
            for (int i = 0; i < 5; i++) {
                assertEquals(Status.OK, s.insert(T, "user" + i, value("v" + i)));
            }
            assertTrue(!store.isKnownEmpty(T));
            assertEquals(Status.OK, s.update(T, "user1", Map.of("field1", new byte[] {9})));
            Map<String, byte[]> r = new HashMap<>();
            assertEquals(Status.OK, s.read(T, "user1", null, r));
            assertEquals(2, r.size());
            assertEquals(Status.OK, s.delete(T, "user2"));
            assertEquals(Status.NOT_FOUND, s.read(T, "user2", null, new HashMap<>()));
            assertEquals(Status.NOT_FOUND, s.delete(T, "user2"));
            List<Record> scanned = new ArrayList<>();
            assertEquals(Status.OK, s.scan(T, "user1", 3, null, scanned));
            assertEquals(List.of("user1", "user3", "user4"), scanned.stream().map(Record::key).toList());
            assertEquals(Status.BAD_REQUEST, s.scan(T, "user1", -1, null, new ArrayList<>()));
        }
    }

    @Test
    void session_valuesAreCopied_callerMutationsDoNotLeakIn() {
        FakeClock clock = new FakeClock();
        try (Store store = factory().open(StoreProperties.empty(), clock)) {
            Session s = store.newSession();
            Map<String, byte[]> v = value("abc");
            s.insert(T, "k", v);
            v.get("field0")[0] = 'X';
            Map<String, byte[]> out = new HashMap<>();
            s.read(T, "k", null, out);
            assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), out.get("field0"));
            out.get("field0")[0] = 'Y';
            Map<String, byte[]> again = new HashMap<>();
            s.read(T, "k", null, again);
            assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), again.get("field0"));
        }
    }

    @Test
    void close_truthFileAndWarsDir_areWritten(@TempDir Path dir) throws Exception {
        FakeClock clock = new FakeClock();
        Path truth = dir.resolve("out/truth.json");
        Path wars = dir.resolve("wars");
        SimStore store;
        try (Store opened = factory().open(StoreProperties.of(Map.of("sim.secondaries", "2",
                "sim.replicationdelay", "uniform(5ms,15ms)", "sim.latency", "1ms", "sim.readpreference", "random",
                "sim.truth.file", truth.toString(), "sim.wars.dir", wars.toString())), clock)) {
            store = assertInstanceOf(SimStore.class, opened);
            Session s = opened.newSession();
            for (int i = 0; i < 100; i++) {
                s.update(T, "k", value("v" + i));
                s.read(T, "k", null, new HashMap<>());
            }
        }
        TruthReport report = TruthReport.fromJson(Files.readString(truth));
        assertEquals(100, report.operations().get("UPDATE").count());
        assertEquals(100, report.reads().count());
        assertEquals(store.groundTruth().toJson(), Files.readString(truth));
        assertEquals(store.groundTruth().operation(SimOp.READ).count(), report.operations().get("READ").count());
        assertEquals(300, Files.readAllLines(wars.resolve("w.txt")).size());
        assertEquals(100, Files.readAllLines(wars.resolve("a.txt")).size());
        assertEquals(100, Files.readAllLines(wars.resolve("r.txt")).size());
        List<String> s = Files.readAllLines(wars.resolve("s.txt"));
        assertEquals(100, s.size());
        assertTrue(s.stream().allMatch("1"::equals), s.toString());
        for (String line : Files.readAllLines(wars.resolve("w.txt"))) {
            double ms = Double.parseDouble(line);
            assertTrue(ms == 0 || (ms >= 5 && ms <= 15), line);
        }
    }

    @Test
    void exportWarsSamples_writesFourFiles(@TempDir Path dir) throws Exception {
        SimStore store = SimStore.open(org.openmark.store.sim.model.SimConfig.singleNode(
                new org.openmark.store.sim.model.Distribution.Constant(2 * MS), 1), new FakeClock());
        store.newSession().insert(T, "k", value("v"));
        store.newSession().read(T, "k", null, new HashMap<>());
        store.exportWarsSamples(dir);
        assertEquals(List.of("0"), Files.readAllLines(dir.resolve("w.txt")));
        assertEquals(List.of("2"), Files.readAllLines(dir.resolve("a.txt")));
        assertEquals(List.of("0"), Files.readAllLines(dir.resolve("r.txt")));
        assertEquals(List.of("2"), Files.readAllLines(dir.resolve("s.txt")));
    }

    @Test
    void factory_badProperty_throwsNamingIt() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> factory().open(StoreProperties.of(Map.of("sim.writeconcern", "0")), new FakeClock()));
        assertEquals("sim.writeconcern", e.property());
        assertTrue(factory().propertyNames().contains("sim.truth.file"));
    }

    @Test
    void factory_remoteWithModelProperty_isRejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> factory().open(
                StoreProperties.of(Map.of("sim.port", "54000", "sim.latency", "1ms")), new FakeClock()));
        assertEquals("sim.latency", e.property());
        assertEquals("sim.port", assertThrows(StoreConfigException.class, () -> factory().open(
                StoreProperties.of(Map.of("sim.host", "localhost")), new FakeClock())).property());
    }

    @Test
    void session_interruptedWhileWaiting_returnsErrorAndKeepsTheFlag() {
        org.openmark.api.Clock interrupting = new org.openmark.api.Clock() {
            @Override
            public long nanoTime() {
                return 0;
            }

            @Override
            public long currentTimeMillis() {
                return 0;
            }

            @Override
            public void parkUntil(long deadlineNanos) throws InterruptedException {
                throw new InterruptedException();
            }
        };
        try (Store store = factory().open(StoreProperties.empty(), interrupting)) {
            assertEquals(Status.ERROR, store.newSession().insert(T, "k", value("v")));
            assertTrue(Thread.interrupted());
        }
    }
}
