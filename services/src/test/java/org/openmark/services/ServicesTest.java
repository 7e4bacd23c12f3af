package org.openmark.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.server.Console;
import org.openmark.services.server.FakeServer;
import org.openmark.services.server.FakeTime;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.StartOptions;

/** What the manager does with a service's directory and state, on fake servers: which start, stop, reset and when. */
class ServicesTest {
    @TempDir
    Path base;

    private final Map<ServiceKind, FakeServer> fakes = new EnumMap<>(ServiceKind.class);
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Services services() {
        for (ServiceKind k : ServiceKind.values()) {
            fakes.computeIfAbsent(k, FakeServer::new);
        }
        Console console = new Console(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8));
        return new Services(ServicesSettings.fromEnvironment(Map.of(), base), console, new FakeTime(), fakes::get);
    }

    @Test
    void start_nothingThere_startsAndWritesThePropertiesOwnerOnly() throws Exception {
        Running r = services().start(ServiceKind.REDIS, "cache", StartOptions.DEFAULT);
        assertEquals(List.of("start cache nodes=1"), fakes.get(ServiceKind.REDIS).calls);
        assertEquals("-p fake.port=30001", r.flags());
        assertEquals("fake.port=30001\n", Files.readString(base.resolve("cache/cache.properties")));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(r.propertiesFile())));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cache is running; properties also in "
                + base.resolve("cache/cache.properties") + " (pass with -P)"));
    }

    @Test
    void start_alreadyRunning_givesItsPropertiesAgain() {
        Services services = services();
        services.start(ServiceKind.REDIS, "redis", StartOptions.DEFAULT);
        Running again = services.start(ServiceKind.REDIS, "redis", StartOptions.DEFAULT);
        assertEquals(List.of("start redis nodes=1"), fakes.get(ServiceKind.REDIS).calls);
        assertEquals("30001", again.properties().get("fake.port"));
    }

    @Test
    void start_notAnsweringOrAnotherKind_removesTheStaleOneFirst() {
        Services services = services();
        services.start(ServiceKind.REDIS, "x", StartOptions.DEFAULT);
        fakes.get(ServiceKind.REDIS).answering = false;
        services.start(ServiceKind.REDIS, "x", StartOptions.DEFAULT);
        services.start(ServiceKind.POSTGRES, "x", StartOptions.DEFAULT);
        assertEquals(List.of("start x nodes=1", "stop x port=30001", "start x nodes=1", "stop x port=30002"),
                fakes.get(ServiceKind.REDIS).calls);
        assertEquals(List.of("start x nodes=1"), fakes.get(ServiceKind.POSTGRES).calls);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("removing stale " + base.resolve("x")));
    }

    @Test
    void reuseOrStart_answeringAndStartedSo_resetsAndKeepsIt() {
        Services services = services();
        services.start(ServiceKind.CASSANDRA, "cassandra", new StartOptions(3));
        Running reused = services.reuseOrStart(ServiceKind.CASSANDRA, "cassandra", new StartOptions(3));
        assertEquals(List.of("start cassandra nodes=3", "reset cassandra"), fakes.get(ServiceKind.CASSANDRA).calls);
        assertEquals("30001", reused.properties().get("fake.port"));
    }

    @Test
    void reuseOrStart_startedOtherwiseOrNotAnswering_startsAfresh() {
        Services services = services();
        services.start(ServiceKind.CASSANDRA, "cassandra", new StartOptions(1));
        services.reuseOrStart(ServiceKind.CASSANDRA, "cassandra", new StartOptions(3));
        fakes.get(ServiceKind.CASSANDRA).answering = false;
        services.reuseOrStart(ServiceKind.CASSANDRA, "cassandra", new StartOptions(3));
        assertEquals(List.of("start cassandra nodes=1", "stop cassandra port=30001", "start cassandra nodes=3",
                "stop cassandra port=30002", "start cassandra nodes=3"), fakes.get(ServiceKind.CASSANDRA).calls);
    }

    @Test
    void startFresh_running_stopsItFirst() {
        Services services = services();
        services.start(ServiceKind.PROMETHEUS, "p", StartOptions.DEFAULT);
        services.startFresh(ServiceKind.PROMETHEUS, "p", StartOptions.DEFAULT);
        assertEquals(List.of("start p nodes=1", "stop p port=30001", "start p nodes=1"),
                fakes.get(ServiceKind.PROMETHEUS).calls);
    }

    @Test
    void stopAll_everyServiceStoppedAndItsDirectoryGone() {
        Services services = services();
        services.start(ServiceKind.REDIS, "a", StartOptions.DEFAULT);
        services.start(ServiceKind.POSTGRES, "b", StartOptions.DEFAULT);
        assertEquals(List.of("a", "b"), services.stopAll());
        assertFalse(Files.exists(base.resolve("a")) || Files.exists(base.resolve("b")));
        assertFalse(services.stop("a"));
        assertEquals(List.of("start a nodes=1", "stop a port=30001"), fakes.get(ServiceKind.REDIS).calls);
    }

    @Test
    void statusAndPids_fromTheStateFiles() {
        Services services = services();
        services.start(ServiceKind.REDIS, "a", StartOptions.DEFAULT);
        services.start(ServiceKind.POSTGRES, "b", StartOptions.DEFAULT);
        fakes.get(ServiceKind.POSTGRES).answering = false;
        assertEquals(List.of("a (redis) running: fake.port=30001",
                "b (postgres) not running (stale; 'stop b' removes it)"),
                services.status().stream().map(ServiceStatus::line).toList());
        assertEquals(List.of(40001L), services.pids("a"));
    }
}
