package org.openmark.services;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void run_otherService_exit2NamingWhatIsManaged() {
        assertEquals(2, run("redis", "start"));
        assertEquals("openmark-services: the service to manage: 'redis'; allowed: cassandra (redis, postgres and"
                + " prometheus are bin/openmark-services' own)\n", said());
    }

    @Test
    void run_unknownCommand_exit2ListingTheCommands() {
        assertEquals(2, run("cassandra", "restart", "x"));
        assertEquals("openmark-services: cassandra: unknown command 'restart'; allowed: start, stop, node-states, add-node,"
                + " kill-node, start-node, decommission-node, remove-node\n", said());
    }

    @Test
    void run_nodesOutOfRange_exit2SayingTheRange() {
        assertEquals(2, run("cassandra", "start", "c", "--nodes", "10"));
        assertEquals("openmark-services: --nodes 10: must be a number of nodes from 1 to 9\n", said());
    }

    @Test
    void run_nodesNotANumber_exit2() {
        assertEquals(2, run("cassandra", "start", "c", "--nodes", "three"));
        assertEquals("openmark-services: --nodes three: must be a number of nodes from 1 to 9\n", said());
    }

    @Test
    void run_nameAll_exit2() {
        assertEquals(2, run("cassandra", "add-node", "all"));
        assertEquals("openmark-services: NAME=all: use letters, digits, '.', '_', '-' (not 'all')\n", said());
    }

    @Test
    void run_killNodeWithoutNode_exit2SayingWhatItTakes() {
        assertEquals(2, run("cassandra", "kill-node", "c"));
        assertEquals("openmark-services: kill-node: takes NAME NODE, not 'c'\n", said());
    }

    @Test
    void run_timeoutNotANumber_exit2NamingTheVariable() {
        assertEquals(2, run(Map.of("OPENMARK_SERVICES_DIR", servicesDir.toString(), "OPENMARK_SERVICES_TIMEOUT", "2m"),
                "cassandra", "add-node", "c"));
        assertEquals("openmark-services: OPENMARK_SERVICES_TIMEOUT=2m: must be a whole number of seconds above 0\n", said());
    }

    @Test
    void run_noSuchCluster_exit1NamingWhereItLooked() {
        assertEquals(1, run("cassandra", "kill-node", "c", "1"));
        assertEquals("openmark-services: no cassandra service named 'c' under " + servicesDir
                + " (start one: openmark-services start cassandra)\n", said());
    }
}
