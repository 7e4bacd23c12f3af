package org.openmark.services.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.Commands;
import org.openmark.services.Running;
import org.openmark.services.ServiceStatus;
import org.openmark.services.Services;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.StartOptions;
import org.openmark.services.server.TestServices;

/** A real 3-member etcd cluster (Debian's etcd-server, installed when missing and running as root). */
@Tag("integration")
class EtcdServerTest {
    @TempDir
    Path base;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @Test
    void threeMembers_leaderKilled_anotherElected_movedBackAfterRestart() {
        Services services = Services.at(base, TestServices.console(said));
        Running etcd = services.start(ServiceKind.ETCD, "e", new StartOptions(3));
        String endpoints = etcd.properties().get("etcd.endpoints");
        assertTrue(endpoints.matches("http://127\\.0\\.0\\.1:\\d+,http://127\\.0\\.0\\.2:\\d+,http://127\\.0\\.0\\.3:\\d+"),
                endpoints);
        List<Long> pids = services.pids("e");
        assertEquals(3, pids.size());

        String leader = leader(services);
        Commands.run(List.of("kill-node", "e", "leader"), services, TestServices.console(said));
        String next = leader(services);
        assertNotEquals(leader, next, said::toString);
        ServiceStatus status = services.status().get(0);
        assertTrue(status.nodes().contains(leader + "=down"), status.line());
        assertTrue(status.nodes().contains(next + "=up,leader"), status.line());

        Commands.run(List.of("start-node", "e", leader.substring(4)), services, TestServices.console(said));
        Commands.run(List.of("move-leader", "e", leader.substring(4)), services, TestServices.console(said));
        assertEquals(leader, leader(services), said::toString);

        List<Long> running = services.pids("e");
        assertTrue(services.stop("e"));
        assertTrue(running.stream().allMatch(Processes::gone), said::toString);
        assertFalse(Files.exists(base.resolve("e")));
    }

    private String leader(Services services) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Commands.run(List.of("leader", "e"), Services.at(base, TestServices.console(out)), TestServices.console(out));
        return out.toString().strip();
    }
}
