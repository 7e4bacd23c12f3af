package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.Services;
import org.openmark.store.contract.ServicesFixture;

/**
 * openmark against a real 3-node Cassandra cluster (started once by bin/openmark-services for the
 * module's tests): the closed economy's verdict, and bad input refused with the exit codes of any
 * store.
 */
@Tag("integration")
class CassandraEndToEndTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraFixture.NODES;

    @TempDir
    Path dir;

    static List<String> clusterArgs(String... keyValues) {
        List<String> args = new ArrayList<>(List.of("--store", "cassandra"));
        CLUSTER.properties(keyValues).asMap().forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        return args;
    }

    private JsonNode economy(String name, List<String> extra) throws Exception {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "-P", "closed_economy", "-p", "recordcount=5",
                "-p", "operationcount=1500", "-p", "readproportion=0.5", "-p", "readmodifywriteproportion=0.5",
                "-p", "table=" + name, "--seed", "5", "--quiet", "--out", out.toString(), "--model", "closed"));
        args.addAll(extra);
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertTrue(Files.exists(out.resolve("result.json")), r::toString);
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        // a run the validation failed is not valid, and its exit code says so
        assertEquals(result.get("valid").asBoolean() ? 0 : Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        return result;
    }

    @Test
    void closedEconomy_serialClientAtQuorum_noAnomalies() throws Exception {
        List<String> args = clusterArgs("cassandra.keyspace=economy", "cassandra.replication=3",
                "cassandra.readconsistency=QUORUM", "cassandra.writeconsistency=QUORUM");
        // one client at QUORUM is slow on three nodes sharing two cores: a third of the operations (about 10 s) suffice
        args.addAll(List.of("-threads", "1", "-p", "operationcount=500"));
        JsonNode r = economy("serial", args);
        assertEquals(0, r.at("/validation/lostUpdates").asLong(), r.at("/validation").toString());
        assertTrue(r.at("/validation/passed").asBoolean(), r.at("/validation").toString());
    }

    /** No multi-key transactions: concurrent transfers overwrite each other, and the validation says so. */
    @Test
    void closedEconomy_concurrentClients_lostUpdatesDetectedAndValidationFails() throws Exception {
        List<String> args = clusterArgs("cassandra.keyspace=economy", "cassandra.replication=3",
                "cassandra.readconsistency=QUORUM", "cassandra.writeconsistency=QUORUM");
        args.addAll(List.of("-threads", "8"));
        JsonNode r = economy("concurrent", args);
        assertTrue(r.at("/validation/lostUpdates").asLong() > 0, r.at("/validation").toString());
        assertFalse(r.at("/validation/passed").asBoolean());
        assertFalse(r.get("valid").asBoolean());
    }

    /**
     * Measured staleness at ONE/ONE, and beside it the PBS prediction from traced delays: the
     * token-aware model from whole traced pairs (the coordinators are replicas, named in the traces),
     * both figures with intervals, and {@code pbs --from} makes the same prediction again.
     */
    @Test
    void staleness_atOne_measuredAndPredictedSideBySide() throws Exception {
        List<String> args = new ArrayList<>(List.of("staleness", "--writes", "300", "--rate", "100", "--keys", "50",
                "--probes", "0,5,50", "--trace-fraction", "0.2", "--out", dir.toString()));
        args.addAll(clusterArgs("cassandra.keyspace=staleness", "cassandra.replication=3",
                "cassandra.readconsistency=ONE", "cassandra.writeconsistency=ONE"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        assertTrue(r.out.contains("[STALENESS], TVisibilityp50(ms), "), r::toString);
        assertTrue(r.out.contains("[PBS], Replicas, N=3 R=1 W=1"), r::toString);
        String p = "[01]\\.\\d{5} \\(95% [01]\\.\\d{5}-[01]\\.\\d{5}\\)";
        assertTrue(r.out.matches("(?s).*\\[PBS\\], PConsistentAt\\(0ms\\), measured " + p + ", predicted " + p + ".*"),
                r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("staleness.json").toFile());
        assertEquals(300, json.at("/staleness/writes").asLong());
        JsonNode side = json.at("/pbs/pConsistentAt/5");
        assertTrue(side.get("measured").asDouble() > 0.5, json.at("/pbs").toString());
        assertTrue(side.get("predicted").asDouble() > 0.5, json.at("/pbs").toString());
        assertEquals(60, json.at("/pbs/tracedPairs").asLong(),
                json.at("/pbs").toString());
        assertTrue(json.at("/pbs/delaysMs/W/count").asLong() > 0, json.at("/pbs").toString());
        assertEquals("joint", json.at("/pbs/model").asText(), json.at("/pbs/model").toString());
        assertTrue(side.get("predictedLow").asDouble() <= side.get("predicted").asDouble()
                && side.get("predicted").asDouble() <= side.get("predictedHigh").asDouble(), side.toString());
        CliRunner replay = CliRunner.run("pbs", "--from", dir.resolve("staleness.json").toString());
        assertEquals(0, replay.exitCode, replay::toString);
        assertTrue(replay.out.contains("[PBS], Replay, the same prediction as recorded"), replay.out);
        // every R and W of N=3 from the same traced pairs (issue 49), latencies too (whole pairs)
        JsonNode all = json.at("/pbs/all/configurations");
        assertEquals(9, all.size(), json.at("/pbs/all").toString());
        JsonNode twoOne = null;
        for (JsonNode row : all) {
            assertTrue(row.at("/writeLatencyMs/p50/ms").asDouble() > 0, row.toString());
            assertTrue(row.at("/readLatencyMs/p50/ms").asDouble() > 0, row.toString());
            if (row.get("r").asInt() == 2 && row.get("w").asInt() == 1) {
                twoOne = row;
            }
        }
        assertTrue(r.out.contains("[PBS-ALL], R=2 W=1, PConsistentAt(0ms), "), r::toString);
        // one row made again from the file: the table's row exactly
        CliRunner row = CliRunner.run("pbs", "--from", dir.resolve("staleness.json").toString(), "--r", "2", "--w", "1");
        assertEquals(0, row.exitCode, row::toString);
        assertTrue(row.out.contains("[PBS-ALL], Replay, the same as the rows recorded"), row.out);
        assertTrue(row.out.contains(String.format(java.util.Locale.ROOT, "[PBS-ALL], R=2 W=1, PConsistentAt(0ms), %.5f",
                twoOne.at("/pConsistentAt/0/p").asDouble())), row.out);
    }

    /**
     * Staleness measured by two workers, the WARS delays traced by the coordinator beside them: the
     * prediction is made on a cluster run too (before, only one process predicted).
     */
    @Test
    void staleness_onTwoWorkers_theCoordinatorTracesAndPredicts() throws Exception {
        Path out = dir.resolve("cluster");
        List<String> args = new ArrayList<>(List.of("staleness", "--local-workers", "2", "--writes", "300", "--rate",
                "100", "--keys", "50", "--probes", "0,5,50", "--trace-fraction", "0.2", "--out", out.toString()));
        args.addAll(clusterArgs("cassandra.keyspace=staleness", "cassandra.replication=3",
                "cassandra.readconsistency=ONE", "cassandra.writeconsistency=ONE"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        assertTrue(r.out.contains("[PBS], Replicas, N=3 R=1 W=1"), r::toString);
        JsonNode json = new ObjectMapper().readTree(out.resolve("staleness.json").toFile());
        assertEquals(300, json.at("/staleness/writes").asLong(), json.toString());
        assertEquals(60, json.at("/pbs/tracedPairs").asLong(), json.at("/pbs").toString());
        JsonNode side = json.at("/pbs/pConsistentAt/50");
        assertTrue(side.get("measured").asDouble() > 0.5 && side.get("predicted").asDouble() > 0.5, side.toString());
    }

    /**
     * NoSQLMark's elasticity experiment turned round: a node killed by an action during the run
     * (--event). Writes at ALL need every replica, so the store fails from the kill on: the
     * action's time and exit code are in the result, the errors are located in time after it,
     * and the report marks it. The node is started again for the other tests.
     */
    @Test
    void run_eventKillsANodeMidRun_recordedAndTheErrorsLocatedAfterIt() throws Exception {
        Path out = dir.resolve("kill");
        // the services manager as bin/openmark-services runs it, from this test's class path: a script that found
        // its jar stale would build it first, and the kill would come after the run's end
        String manager = ProcessHandle.current().info().command().orElse("java") + " -cp "
                + Path.of(Services.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + " "
                + org.openmark.services.Main.class.getName();
        String kill = "OPENMARK_SERVICES_DIR=" + ServicesFixture.baseDir() + " " + manager + " kill-node cassandra 3";
        List<String> args = new ArrayList<>(List.of("run", "-P", "workloada", "-p", "recordcount=200", "--rate", "100",
                "--duration", "14s", "--seed", "3", "--quiet", "--event", "3s:" + kill, "--out", out.toString()));
        args.addAll(clusterArgs("cassandra.keyspace=events", "cassandra.replication=3",
                "cassandra.readconsistency=ALL", "cassandra.writeconsistency=ALL"));
        CliRunner r;
        try {
            r = CliRunner.run(args.toArray(String[]::new));
        } finally {
            CLUSTER.services("start-node", "cassandra", "3");
        }
        // the store failed once the node was gone: not valid
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        JsonNode event = result.at("/events/0");
        assertEquals(kill, event.get("command").asText(), result.toString());
        assertEquals(3.0, event.get("startSeconds").asDouble(), 0.5, event.toString());
        assertEquals(0, event.get("exitCode").asInt(-1), event.toString());
        assertTrue(r.out.contains("[EVENT], 3s:" + kill + ", started at"), r::toString);
        // The store failed after the kill, never before it.
        assertTrue(result.get("outages").size() > 0, result.toString());
        for (JsonNode o : result.get("outages")) {
            assertTrue(o.get("fromSeconds").asDouble() >= 3.0, o.toString());
        }
        assertFalse(result.get("valid").asBoolean(), result.toString());
        String html = java.nio.file.Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("event-marker") && html.contains("event 1: OPENMARK_SERVICES_DIR="), "marked in the report");
    }

    /** A rating needs a reload between experiments: repair (pre-images written back) works on Cassandra. */
    @Test
    void rate_repairReload_writesThePreImagesBackBetweenExperiments() {
        List<String> args = new ArrayList<>(List.of("rate", "-P", "workloada", "-p", "recordcount=500", "--reload",
                "repair", "--duration", "1s", "--warmup", "300ms", "--max-load", "2", "--seed", "4"));
        args.addAll(clusterArgs("cassandra.keyspace=rating", "cassandra.replication=3",
                "cassandra.readconsistency=QUORUM", "cassandra.writeconsistency=QUORUM"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        assertTrue(r.out.startsWith("Rating: "), r::toString);
        assertTrue(r.out.contains("Time (repair reload)") && r.out.contains("reloads ω·ν 1 x"), r::toString);
    }

    @Test
    void run_unknownConsistencyLevel_exit2NamingPropertyAndLevels() {
        List<String> args = new ArrayList<>(List.of("run", "-P", "workloada", "-p", "operationcount=10"));
        args.addAll(clusterArgs("cassandra.readconsistency=MOST"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("cassandra.readconsistency=MOST: must be one of ONE, TWO, THREE, QUORUM, ALL"), r::toString);
    }

    @Test
    void load_replicationLargerThanNodes_exit2() {
        List<String> args = new ArrayList<>(List.of("load", "-P", "workloada", "-p", "recordcount=10"));
        args.addAll(clusterArgs("cassandra.keyspace=toomany", "cassandra.replication=5"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("cassandra.replication=5: larger than the 3 nodes of datacenter datacenter1"), r::toString);
    }

    @Test
    void run_nothingListening_exit4NamingHosts() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        CliRunner r = CliRunner.run("run", "-P", "workloada", "-p", "operationcount=10", "--store", "cassandra",
                "-p", "cassandra.hosts=127.0.0.1", "-p", "cassandra.port=" + closed);
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("cassandra at 127.0.0.1 port " + closed), r::toString);
    }
}
