package org.openmark.services.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {
    private static final ServiceState PAIR = ServiceState.of(ServiceKind.REDIS_PAIR, "port", 30001, "pid", 4242,
            "replica_port", 30002, "replica_pid", 4343);

    @Test
    void write_thenRead_givesTheSameStateInItsOrder(@TempDir Path dir) {
        StateFile.write(dir, PAIR);
        assertEquals(PAIR, StateFile.read(dir).orElseThrow());
        assertEquals("kind=redis-pair\nport=30001\npid=4242\nreplica_port=30002\nreplica_pid=4343\n",
                StateFile.format(PAIR));
        assertTrue(Files.notExists(dir.resolve("state.tmp")));
    }

    @Test
    void read_noStateUnknownKindOrNoKind_isEmpty(@TempDir Path dir) throws Exception {
        assertTrue(StateFile.read(dir).isEmpty());
        Files.writeString(dir.resolve("state"), "kind=mongodb\nport=27017\n");
        assertTrue(StateFile.read(dir).isEmpty());
        Files.writeString(dir.resolve("state"), "port=27017\n");
        assertTrue(StateFile.read(dir).isEmpty());
    }

    @Test
    void number_missingOrMalformed_namesTheKey() {
        ServiceState state = StateFile.parse("kind=redis\nport=x\n");
        assertEquals("port=x: not a number", assertThrows(IllegalArgumentException.class, () -> state.number("port"))
                .getMessage());
        assertEquals("the state has no pid", assertThrows(IllegalArgumentException.class, () -> state.number("pid"))
                .getMessage());
    }
}
