package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.Main;
import org.openmark.services.server.Console;
import org.openmark.services.server.FakeTime;
import org.openmark.services.server.StateFile;

class MembershipTest {

    @Test
    void quarantineRemaining_twiceTheRingDelayPlusTwoSecondsFromWhenTheNodeLeft() {
        assertEquals(62, Membership.quarantineRemaining(1_000, 60, 1_000));
        assertEquals(2, Membership.quarantineRemaining(1_000, 60, 1_060));
        assertEquals(-8, Membership.quarantineRemaining(1_000, 60, 1_070));
    }

    @Test
    void nodeCommand_removedOrUnknownNode_exit2ListingTheMembers(@TempDir Path base) throws Exception {
        Files.createDirectories(base.resolve("c"));
        StateFile.write(base.resolve("c"), ClusterStateTest.THREE.toState());
        for (String node : new String[] {"3", "4", "x"}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Console console = new Console(new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Main.run(new String[] {"kill-node", "c", node},
                    Map.of("OPENMARK_SERVICES_DIR", base.toString()), console, new FakeTime());
            assertEquals(2, exit);
            assertEquals("openmark-services: NODE=" + node + ": must be a node of the cluster: 1 2\n",
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void nodeStates_removedUpAndDown() {
        // node 1's pid is this process (up), node 2's is a killed node's (down: no such process)
        ClusterState state = ClusterStateTest.THREE
                .with(new NodeSlot(1, 30011, ProcessHandle.current().pid(), NodeStatus.UP, 0))
                .with(new NodeSlot(2, 30012, Integer.MAX_VALUE, NodeStatus.DOWN, 0));
        assertEquals("node1=up node2=down node3=removed", CassandraCommands.nodeStates(java.util.Optional.of(state)));
        assertEquals("", CassandraCommands.nodeStates(java.util.Optional.empty()));
    }
}
