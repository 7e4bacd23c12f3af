package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.store.contract.ServicesFixture;

/** Staleness measured against a store with known replication delay, and against real Redis replication. */
@Tag("integration")
class StalenessEndToEndTest {
    @RegisterExtension
    static final ServicesFixture REDIS_PAIR = ServicesFixture.of("redis-pair");

    @TempDir
    Path dir;

    private JsonNode staleness(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("staleness", "--out", dir.toString()));
        all.addAll(List.of(args));
        CliRunner r = CliRunner.run(all.toArray(String[]::new));
        assertEquals(0, r.exitCode, r::toString);
        return new ObjectMapper().readTree(dir.resolve("staleness.json").toFile()).get("staleness");
    }

    /**
     * One secondary whose replication delay is exponential with mean 5 ms; writes are
     * acknowledged by the primary at once (w=1), reads go to the secondary. A read t ms after
     * the acknowledgement is consistent exactly when the delay d ≤ t, so P(consistent at t) must
     * follow the configured CDF 1 − e^(−t/5): within 4 binomial standard errors.
     */
    @Test
    void simulatedStore_exponentialReplicationDelay_measuredVisibilityFollowsTheConfiguredCdf() throws Exception {
        int writes = 4000;
        JsonNode s = staleness("--store", "sim", "-p", "sim.secondaries=1", "-p", "sim.readpreference=secondary",
                "-p", "sim.replicationdelay=exp(5ms)", "--rate", "1000", "--writes", String.valueOf(writes),
                "--keys", "2000", "--probes", "0,1,2,5,10,20,50", "--time", "virtual");
        for (String t : new String[] {"1", "2", "5", "10", "20"}) {
            double expected = 1 - Math.exp(-Double.parseDouble(t) / 5.0);
            double sd = Math.sqrt(expected * (1 - expected) / writes);
            double measured = s.at("/pConsistentAt/" + t).asDouble();
            assertEquals(expected, measured, 4 * sd + 1e-9, "P(consistent at " + t + " ms)");
        }
        assertTrue(s.get("staleReads").asLong() > 0);
        assertEquals(writes, s.get("writes").asLong());
    }

    /**
     * The embedded stores have no replica: a read after the acknowledgement sees the write. Their
     * update of a key that does not exist returns NOT_FOUND, so the writer must create each key
     * (an earlier version only updated, and every write failed).
     */
    @ParameterizedTest(name = "{0}, {1} time")
    @CsvSource({"memory,virtual", "rocksdb,real"})
    void embeddedStore_everyWriteAcknowledgedAndSeenAtOnce(String store, String time) throws Exception {
        JsonNode s = staleness("--store", store, "--time", time, "--rate", "1000", "--writes", "200", "--keys", "50",
                "--probes", "0,1,5");
        assertEquals(200, s.get("writes").asLong());
        assertEquals(0, s.get("errors").asLong());
        assertEquals(0, s.get("neverSeen").asLong());
        assertEquals(1.0, s.at("/pConsistentAt/0").asDouble());
        assertEquals(0.0, s.at("/tVisibilityMs/max").asDouble());
    }

    /** The redis pair's properties, as {@code -p} options. */
    private static List<String> redisPair() {
        List<String> server = new ArrayList<>();
        REDIS_PAIR.properties().asMap().forEach((k, v) -> server.addAll(List.of("-p", k + "=" + v)));
        return server;
    }

    @Test
    void redisReplica_readsFromTheReplica_everyWriteSeenAndWaitOneRemovesStaleReads() throws Exception {
        List<String> args = new ArrayList<>(List.of("--store", "redis", "-p", "redis.readfrom=replica", "--rate", "500",
                "--writes", "1000", "--keys", "500", "--probes", "0,1,5,100,1000"));
        args.addAll(redisPair());
        JsonNode async = staleness(args.toArray(String[]::new));
        assertEquals(1000, async.get("writes").asLong());
        assertEquals(0, async.get("neverSeen").asLong(), "replication delivers every write within a second");
        assertEquals(1.0, async.at("/pConsistentAt/1000").asDouble());
        assertEquals(0, async.get("errors").asLong());

        args.addAll(List.of("-p", "redis.wait=1"));
        JsonNode waited = staleness(args.toArray(String[]::new));
        assertEquals(0, waited.get("staleReads").asLong(), "WAIT 1: the replica applied the write before the ack");
        assertEquals(1.0, waited.at("/pConsistentAt/0").asDouble());
    }

    /**
     * A write the store does not acknowledge is counted under its status, and the report names it:
     * waiting for two replicas of a pair that has one times out on every write.
     */
    @Test
    void redisWaitForMoreReplicasThanThereAre_everyWriteFailsAndTheReportNamesTheStatus() throws Exception {
        List<String> args = new ArrayList<>(List.of("staleness", "--out", dir.toString(), "--store", "redis", "-p",
                "redis.readfrom=replica", "-p", "redis.wait=2", "-p", "redis.wait.timeout=20", "--rate", "100",
                "--writes", "10", "--keys", "5", "--probes", "0,5"));
        args.addAll(redisPair());
        CliRunner r = CliRunner.run(args.toArray(String[]::new));

        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(r.out.contains("[STALENESS], Errors, 10\n[STALENESS], WriteErrors(TIMEOUT), 10\n"), r::toString);
        assertTrue(r.err.contains("no write was acknowledged (10 of 10 writes failed: TIMEOUT 10)"), r::toString);
        JsonNode s = new ObjectMapper().readTree(dir.resolve("staleness.json").toFile()).get("staleness");
        assertEquals(10, s.at("/writeErrors/TIMEOUT").asLong(), s::toString);
        assertEquals(0, s.get("readErrors").size(), s::toString);
        // Nothing was seen and nothing probed: unknown, not 0 ms.
        assertTrue(r.out.contains("[STALENESS], TVisibilityp50(ms), n/a\n"), r::toString);
        assertTrue(r.out.contains("[STALENESS], ProbeLatemax(ms), n/a\n"), r::toString);
        assertTrue(s.at("/tVisibilityMs/max").isNull() && s.at("/probeLateMs/p99").isNull(), s::toString);
    }

    /**
     * Replication slower than the last probe: no read sees any write, which measures nothing about
     * the replicas (P(consistent) 0 everywhere, t-visibility unknown), so the result is not valid;
     * probing past the delay measures it.
     */
    @Test
    void simulatedStore_replicationSlowerThanTheLastProbe_notValidUntilTheProbesReachIt() throws Exception {
        List<String> args = new ArrayList<>(List.of("staleness", "--out", dir.toString(), "--store", "sim", "-p",
                "sim.secondaries=1", "-p", "sim.readpreference=secondary", "-p", "sim.replicationdelay=const(2s)",
                "--time", "virtual", "--writes", "200", "--keys", "50"));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));

        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(r.err.contains("none of the 200 acknowledged writes was seen by any of the 2200 reads answered, up to"
                + " 1000 ms after the acknowledgement"), r::toString);
        assertTrue(r.out.contains("[STALENESS], TVisibilitymax(ms), n/a\n"), r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("staleness.json").toFile());
        assertFalse(json.get("valid").asBoolean());
        assertTrue(json.at("/staleness/tVisibilityMs/p50").isNull(), json::toString);

        args.addAll(List.of("--probes", "0,1000,3000"));
        JsonNode reached = staleness(args.subList(3, args.size()).toArray(String[]::new));
        assertEquals(1.0, reached.at("/pConsistentAt/3000").asDouble());
        assertEquals(0, reached.get("neverSeen").asLong());
    }

    /**
     * PBS and the measurement must agree where their models coincide: two secondaries with
     * exponential replication delay (mean 5 ms = rate 0.2/ms), write concern 2 (the primary and
     * the fastest secondary, so the write commits at the faster secondary's delay) and reads from
     * a random secondary are exactly PBS with N=2, W=1, R=1, reads to one random replica, A=R=S=0.
     */
    @Test
    void simulatedStore_matchesPbsPrediction() throws Exception {
        int writes = 5000;
        JsonNode measured = staleness("--store", "sim", "-p", "sim.secondaries=2", "-p",
                "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "-p", "sim.writeconcern=2",
                "--rate", "1000", "--writes", String.valueOf(writes), "--keys", "2000", "--probes", "0,1,2,5,10,20",
                "--time", "virtual");
        int trials = 200_000;
        CliRunner pbs = CliRunner.run("pbs", "--n", "2", "--w", "exp(0.2)", "--a", "const(0)", "--r", "const(0)",
                "--s", "const(0)", "--read-fanout", "quorum", "--curve", "0..20:1", "--trials", String.valueOf(trials),
                "--seed", "1", "--json");
        assertEquals(0, pbs.exitCode, pbs::toString);
        JsonNode config = null;
        for (JsonNode c : new ObjectMapper().readTree(pbs.out).get("configs")) {
            if (c.get("r").asInt() == 1 && c.get("w").asInt() == 1) {
                config = c;
            }
        }
        JsonNode curve = config.get("curve");
        for (int t : new int[] {0, 1, 2, 5, 10, 20}) {
            double predicted = curve.get(t).asDouble();
            double p = Math.max(0.01, predicted * (1 - predicted));
            double tolerance = 4 * Math.sqrt(p / writes + p / trials);
            assertEquals(predicted, measured.at("/pConsistentAt/" + t).asDouble(), tolerance, "t=" + t + " ms");
        }
    }
}
