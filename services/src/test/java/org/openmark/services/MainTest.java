package org.openmark.services;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.etcd.EtcdClusterState;
import org.openmark.services.etcd.EtcdMember;
import org.openmark.services.server.Console;
import org.openmark.services.server.FakeTime;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StateFile;

/** The command line's refusals and answers that need no server. */
class MainTest {
    @TempDir
    Path servicesDir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return Main.run(args, env, console, new FakeTime());
    }

    private int run(String... args) {
        return run(Map.of("OPENMARK_SERVICES_DIR", servicesDir.toString()), args);
    }

    private String said() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void run_cassandraCommandOnAnEtcdCluster_exit2SayingWhichAreEtcds() throws Exception {
        Files.createDirectories(servicesDir.resolve("e"));
        StateFile.write(servicesDir.resolve("e"), new EtcdClusterState(
                Path.of("/usr/bin/etcd"), 23790, 23800, List.of(EtcdMember.fresh(1)))
                .toState());
        assertEquals(2, run("add-node", "e"));
        assertEquals("openmark-services: add-node e: not for etcd; etcd takes kill-node, start-node, move-leader, leader\n",
                said());
    }

    @Test
    void run_leaderOfACassandraCluster_exit2() throws Exception {
        Files.createDirectories(servicesDir.resolve("c"));
        StateFile.write(servicesDir.resolve("c"),
                ServiceState.of(ServiceKind.CASSANDRA, "nodes", 0));
        assertEquals(2, run("move-leader", "c"));
        assertEquals("openmark-services: move-leader c: only for etcd, and c is cassandra\n", said());
    }

    @Test
    void run_unknownService_exit2ListingTheKinds() {
        assertEquals(2, run("start", "mongodb"));
        assertEquals("openmark-services: unknown service 'mongodb'; allowed: redis, redis-pair, postgres, cassandra, etcd,"
                + " prometheus\n", said());
    }

    @Test
    void run_unknownCommand_exit2WithTheUsage() {
        assertEquals(2, run("restart", "x"));
        assertTrue(said().startsWith("usage: openmark-services start redis|redis-pair|postgres [NAME]\n"), said());
    }

    @Test
    void run_nodesOutOfRange_exit2SayingTheRange() {
        assertEquals(2, run("start", "cassandra", "c", "--nodes", "10"));
        assertEquals("openmark-services: --nodes 10: must be a number of nodes from 1 to 9\n", said());
    }

    @Test
    void run_nodesNotANumber_exit2() {
        assertEquals(2, run("start", "cassandra", "--nodes", "three", "c"));
        assertEquals("openmark-services: --nodes three: must be a number of nodes from 1 to 9\n", said());
    }

    @Test
    void run_nodesForRedis_exit2() {
        assertEquals(2, run("start", "redis", "--nodes", "3"));
        assertEquals("openmark-services: --nodes: only for cassandra and etcd\n", said());
    }

    @Test
    void run_unknownOption_exit2() {
        assertEquals(2, run("start", "postgres", "--port", "5432"));
        assertEquals("openmark-services: unknown option '--port'\n", said());
    }

    @Test
    void run_nameAll_exit2() {
        assertEquals(2, run("add-node", "all"));
        assertEquals("openmark-services: NAME=all: use letters, digits, '.', '_', '-' (not 'all')\n", said());
        err.reset();
        assertEquals(2, run("start", "redis", "a/b"));
        assertEquals("openmark-services: NAME=a/b: use letters, digits, '.', '_', '-' (not 'all')\n", said());
    }

    @Test
    void run_killNodeWithoutNode_exit2SayingWhatItTakes() {
        assertEquals(2, run("kill-node", "c"));
        assertEquals("openmark-services: kill-node: takes NAME NODE, not 'c'\n", said());
    }

    @Test
    void run_timeoutNotANumber_exit2NamingTheVariable() {
        assertEquals(2, run(Map.of("OPENMARK_SERVICES_DIR", servicesDir.toString(), "OPENMARK_SERVICES_TIMEOUT", "2m"),
                "add-node", "c"));
        assertEquals("openmark-services: OPENMARK_SERVICES_TIMEOUT=2m: must be a whole number of seconds above 0\n", said());
    }

    @Test
    void run_noSuchCluster_exit1NamingWhereItLooked() {
        assertEquals(1, run("kill-node", "c", "1"));
        assertEquals("openmark-services: no cassandra service named 'c' under " + servicesDir
                + " (start one: openmark-services start cassandra)\n", said());
    }

    @Test
    void run_pidsOfNothing_exit1() {
        assertEquals(1, run("pids", "redis"));
        assertEquals("openmark-services: no service named 'redis' under " + servicesDir + "\n", said());
    }

    @Test
    void run_statusAndStopOfNothing_sayNothingRuns() {
        assertEquals(0, run("status"));
        assertEquals("no services under " + servicesDir + "\n", printed());
        assertEquals(0, run("stop", "redis"));
        assertEquals(0, run("stop", "all"));
        assertEquals("openmark-services: redis is not running\n", said());
    }
}
