package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodetoolOutputTest {
    private static final String STATUS = """
            Datacenter: datacenter1
            =======================
            Status=Up/Down
            |/ State=Normal/Leaving/Joining/Moving
            --  Address    Load        Tokens  Owns (effective)  Host ID                               Rack
            UN  127.0.0.1  114.51 KiB  8       66.7%             07fb68d0-2384-46e3-9a47-82da662bd70b  rack1
            UN  127.0.0.2  79.86 KiB   8       66.7%             12bf5f4e-c588-4945-9ffb-98c49bbc0932  rack1
            DN  127.0.0.3  80.01 KiB   8       66.7%             5ad1fc4c-0b7e-4f5e-9f3a-1f2a3b4c5d6e  rack1
            """;
    private static final String DESCRIBE = """
            Cluster Information:
            \tName: openmark
            \tSchema versions:
            \t\td03783d7-b468-3c1a-82f1-8e30b2edde8b: [127.0.0.1, 127.0.0.2]

            Database versions:
            \t5.0.6: [127.0.0.1:34058, 127.0.0.2:34058]
            """;

    @Test
    void upNormal_countsUNLines() {
        assertEquals(2, NodetoolOutput.upNormal(STATUS));
        assertEquals(0, NodetoolOutput.upNormal("nodetool: Failed to connect to '127.0.0.1:30011'"));
    }

    @Test
    void seenDown_onlyTheDownNode() {
        assertTrue(NodetoolOutput.seenDown(STATUS, "127.0.0.3"));
        assertFalse(NodetoolOutput.seenDown(STATUS, "127.0.0.2"));
        // 127.0.0.1 is not 127.0.0.10's prefix match
        assertFalse(NodetoolOutput.seenDown("DN  127.0.0.10  80 KiB", "127.0.0.1"));
    }

    @Test
    void hostId_ofTheNodeAtTheAddress() {
        assertEquals(Optional.of("5ad1fc4c-0b7e-4f5e-9f3a-1f2a3b4c5d6e"), NodetoolOutput.hostId(STATUS, "127.0.0.3"));
        assertEquals(Optional.empty(), NodetoolOutput.hostId(STATUS, "127.0.0.4"));
    }

    @Test
    void schemaAgreed_oneVersionHeldByEveryLiveNode() {
        assertTrue(NodetoolOutput.schemaAgreed(DESCRIBE, List.of("127.0.0.1", "127.0.0.2")));
        assertFalse(NodetoolOutput.schemaAgreed(DESCRIBE, List.of("127.0.0.1", "127.0.0.2", "127.0.0.3")));
        String twoVersions = DESCRIBE.replace("\t\td03783d7", "\t\t11111111-b468-3c1a-82f1-8e30b2edde8b: [127.0.0.3]\n"
                + "\t\td03783d7");
        assertFalse(NodetoolOutput.schemaAgreed(twoVersions, List.of("127.0.0.1", "127.0.0.2")));
        assertFalse(NodetoolOutput.schemaAgreed("", List.of("127.0.0.1")));
    }

    @Test
    void pendingHintFiles_theTotalFilesColumn() {
        String hints = """
                  Host ID                               Address          Rack   DC           Status  Total files  Newest                   Oldest
                  5ad1fc4c-0b7e-4f5e-9f3a-1f2a3b4c5d6e  127.0.0.3:34058  rack1  datacenter1  DOWN    4            2026-11-26 21:20:01,000  2026-11-26 21:19:40,000
                """;
        // Cassandra 5.0 prints the address with the storage port; 127.0.0.3 is not 127.0.0.30's prefix
        assertEquals(0, NodetoolOutput.pendingHintFiles(hints.replace("127.0.0.3:", "127.0.0.30:"), "127.0.0.3"));
        assertEquals(4, NodetoolOutput.pendingHintFiles(hints, "127.0.0.3"));
        assertEquals(0, NodetoolOutput.pendingHintFiles(hints, "127.0.0.2"));
        assertEquals(0, NodetoolOutput.pendingHintFiles("This node does not have any pending hints", "127.0.0.3"));
    }

    @Test
    void load_theInfoLine() {
        assertEquals("117.35 KiB", NodetoolOutput.load("ID                     : 07fb68d0\nLoad                   : 117.35 KiB\n"
                + "Uncompressed load      : 162.04 KiB\n"));
        assertEquals("", NodetoolOutput.load("nodetool: connection refused"));
    }

    @Test
    void beforeStackTrace_dropsTheTrace() {
        assertEquals("error: Node is still bootstrapping\n",
                NodetoolOutput.beforeStackTrace("error: Node is still bootstrapping\n-- StackTrace --\njava.lang.Exception\n"));
    }
}
