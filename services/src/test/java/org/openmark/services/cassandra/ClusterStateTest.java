package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.server.StateFile;

class ClusterStateTest {
    /** Three nodes on ports 30001 (CQL) and 30002 (storage); node 2 killed, node 3 decommissioned. */
    static final ClusterState THREE = new ClusterState("5.0.6", Path.of("/usr/lib/jvm/java-17/bin/java"),
            Path.of("/cache/cassandra-5.0.6/lib"), 30001, 30002, 3, List.of(
                    new NodeSlot(1, 30011, 4242, NodeStatus.UP, 0),
                    new NodeSlot(2, 30012, 4343, NodeStatus.DOWN, 0),
                    new NodeSlot(3, 30013, 0, NodeStatus.REMOVED, 1_795_000_123L)));

    @Test
    void write_thenRead_givesTheSameState(@TempDir Path dir) {
        StateFile.write(dir, THREE.toState());
        assertEquals(THREE, ClusterState.read(dir).orElseThrow());
    }

    @Test
    void format_kindFirst_andJmxPortsForTheNodetoolWrapper() {
        String text = StateFile.format(THREE.toState());
        assertTrue(text.startsWith("kind=cassandra\n"), text);
        assertTrue(text.contains("\nnode.2.jmx_port=30012\n"), text);
        assertTrue(text.contains("\nport=30001\nstorage_port=30002\nseeds=3\nnodes=3\n"), text);
    }

    @Test
    void read_noStateOrAnotherKind_isEmpty(@TempDir Path dir) throws Exception {
        assertTrue(ClusterState.read(dir).isEmpty());
        Files.writeString(dir.resolve("state"), "kind=redis\nport=6379\n");
        assertTrue(ClusterState.read(dir).isEmpty());
    }

    @Test
    void of_missingKey_namesIt() {
        String text = StateFile.format(THREE.toState()).replace("node.2.pid=4343\n", "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterState.of(StateFile.parse(text)));
        assertEquals("the state has no node.2.pid", e.getMessage());
    }

    @Test
    void clusterState_membersLiveAndFreeSlot() {
        assertEquals(List.of(1, 2), THREE.members().stream().map(NodeSlot::index).toList());
        assertEquals(List.of(1), THREE.live().stream().map(NodeSlot::index).toList());
        assertEquals(3, THREE.freeSlot());
        assertEquals(4, THREE.with(NodeSlot.fresh(3, 30023)).freeSlot());
        assertEquals("127.0.0.1:30002,127.0.0.2:30002,127.0.0.3:30002", THREE.seeds());
    }
}
