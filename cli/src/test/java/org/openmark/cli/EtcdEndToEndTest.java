package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.store.contract.ServicesFixture;

/** {@code --store etcd} through the command line, on the JVM's own 3-member etcd cluster. */
@Tag("integration")
class EtcdEndToEndTest {
    @RegisterExtension
    static final ServicesFixture ETCD = ServicesFixture.of("etcd", "--nodes", "3");

    private String endpoints() {
        return ETCD.properties().get("etcd.endpoints");
    }

    @Test
    void loadThenRun_serializableReadsToOneMember_allOkAndSaidInTheReport() {
        CliRunner.run("load", "--store", "etcd", "-p", "etcd.endpoints=" + endpoints(), "-P", "workloadb",
                "-p", "recordcount=100", "-threads", "4").assertRan();
        CliRunner r = CliRunner.run("run", "--store", "etcd", "-p", "etcd.endpoints=" + endpoints(), "-P", "workloadb",
                "-p", "recordcount=100", "-p", "etcd.readmode=serializable", "-p", "etcd.member=2", "--rate", "200",
                "--duration", "2s", "--warmup", "0s").assertRan();
        assertTrue(r.out.contains("[RUN], Store, etcd (member " + endpoints().split(",")[1]
                + ", members 3, readmode serializable, version 3.4"), r::toString);
        assertFalse(r.out.contains("[READ], Return=NOT_FOUND"), r::toString);
        assertTrue(r.out.contains("[UPDATE], Return=OK"), r::toString);
    }

    /**
     * {@code staleness} with writes to the leader and linearizable probes of one member: the member is named,
     * the probes are checked (0 violations, in the text and in staleness.json), and none is a stale read.
     */
    @Test
    void staleness_linearizableProbesOfOneMember_memberNamedAndZeroViolations(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws IOException {
        CliRunner r = CliRunner.run("staleness", "--store", "etcd", "-p", "etcd.endpoints=" + endpoints(),
                "-p", "etcd.readmode=linearizable", "-p", "etcd.member=3", "-p", "etcd.writeto=leader", "--rate", "200",
                "--writes", "200", "--keys", "20", "--probes", "0,1,5", "--out", dir.toString());
        assertTrue(r.out.contains("[STALENESS], Member, " + endpoints().split(",")[2] + "\n"), r::toString);
        assertTrue(r.out.contains("[STALENESS], Violations, 0\n"), r::toString);
        assertTrue(r.out.contains("[STALENESS], StaleReads, 0\n"), r::toString);
        String json = java.nio.file.Files.readString(dir.resolve("staleness.json"));
        assertTrue(json.contains("\"violations\" : 0"), json);
        assertTrue(json.contains("\"member\" : \"" + endpoints().split(",")[2] + "\""), json);
    }

    @Test
    void run_nothingListening_exit4NamingTheEndpoints() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        CliRunner r = CliRunner.run("run", "-P", "workloada", "-p", "operationcount=10", "--store", "etcd",
                "-p", "etcd.endpoints=http://127.0.0.1:" + closed, "-p", "etcd.timeout=1500");
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("no member of etcd at http://127.0.0.1:" + closed), r::toString);
    }

    @Test
    void run_loginRefused_exit4AndThePasswordNowhere() {
        CliRunner r = CliRunner.run("run", "-P", "workloada", "-p", "operationcount=10", "--store", "etcd",
                "-p", "etcd.endpoints=" + endpoints(), "-p", "etcd.user=root", "-p", "etcd.password=hunter2-secret",
                "-p", "etcd.timeout=3000");
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("user root"), r::toString);
        assertFalse((r.out + r.err).contains("hunter2-secret"), r::toString);
    }

    @Test
    void run_readModeNotOne_exit2NamingIt() {
        CliRunner r = CliRunner.run("run", "-P", "workloada", "--store", "etcd", "-p", "etcd.readmode=quorum");
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("etcd.readmode=quorum: must be one of linearizable, serializable"), r::toString);
    }
}
