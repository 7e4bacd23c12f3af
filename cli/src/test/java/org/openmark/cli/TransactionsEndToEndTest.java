package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.store.contract.ServicesFixture;

/**
 * YCSB+T's closed economy against real PostgreSQL and Redis servers (started by
 * bin/openmark-services): isolation that prevents lost updates shows none, and isolation that
 * allows them has them detected exactly, with the validation failing.
 */
@Tag("integration")
class TransactionsEndToEndTest {
    @RegisterExtension
    static final ServicesFixture POSTGRES = ServicesFixture.of("postgres");
    @RegisterExtension
    static final ServicesFixture REDIS = ServicesFixture.of("redis");

    @TempDir
    Path dir;

    private JsonNode economy(String name, Map<String, String> server, List<String> extra) throws Exception {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "-P", "closed_economy", "-p", "recordcount=20",
                "-p", "operationcount=3000", "-p", "readproportion=0.5", "-p", "readmodifywriteproportion=0.5",
                "-p", "table=" + name, "--seed", "5", "--quiet", "--out", out.toString()));
        server.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        args.addAll(extra);
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertTrue(r.out.contains("[TOTAL CASH], "), r::toString);
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        // a run the validation failed is not valid, and its exit code says so
        assertEquals(result.get("valid").asBoolean() ? 0 : Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        return result;
    }

    private static Map<String, String> props(ServicesFixture f) {
        return f.properties().asMap();
    }

    @Test
    void postgres_serialClient_noAnomalies() throws Exception {
        JsonNode r = economy("serial", props(POSTGRES), List.of("--store", "jdbc", "--model", "closed", "-threads", "1",
                "-p", "jdbc.isolation=serializable"));
        assertEquals(0, r.at("/validation/lostUpdates").asLong());
        assertTrue(r.at("/validation/passed").asBoolean(), r.toString());
        assertEquals(0.0, r.at("/validation/anomalyScore").asDouble());
    }

    @Test
    void postgres_serializableUnderContention_noLostUpdatesAndAbortsRetried() throws Exception {
        for (String isolation : new String[] {"serializable", "repeatable_read"}) {
            JsonNode r = economy("iso_" + isolation, props(POSTGRES), List.of("--store", "jdbc", "--model", "closed",
                    "-threads", "8", "-p", "jdbc.isolation=" + isolation, "-p", "txn.retries=20", "-p", "txn.backoff=1",
                    "-p", "recordcount=5"));
            assertEquals(0, r.at("/validation/lostUpdates").asLong(), isolation);
            assertEquals(r.at("/validation/totalCash").asLong(), r.at("/validation/countedCash").asLong(), isolation);
            assertTrue(r.at("/sections/txn/retries").asLong() > 0, isolation + ": aborts were retried: " + r.at("/sections"));
            assertTrue(r.at("/validation/passed").asBoolean(), isolation);
        }
    }

    @Test
    void postgres_readCommittedUnderContention_lostUpdatesDetectedAndValidationFails() throws Exception {
        JsonNode r = economy("rc", props(POSTGRES), List.of("--store", "jdbc", "--model", "closed", "-threads", "8",
                "-p", "jdbc.isolation=read_committed", "-p", "recordcount=5"));
        assertTrue(r.at("/validation/lostUpdates").asLong() > 0, r.at("/validation").toString());
        assertFalse(r.at("/validation/passed").asBoolean());
        assertFalse(r.get("valid").asBoolean());
    }

    @Test
    void redis_watchHasNoLostUpdates_noneLosesUpdates() throws Exception {
        // YCSB's layout has no tables: each economy in a database of its own
        JsonNode watch = economy("watch", props(REDIS), List.of("--store", "redis", "--model", "closed", "-threads", "8",
                "-p", "redis.txn=watch", "-p", "txn.retries=50", "-p", "recordcount=5", "-p", "redis.database=1"));
        assertEquals(0, watch.at("/validation/lostUpdates").asLong(), watch.at("/validation").toString());
        assertTrue(watch.at("/validation/passed").asBoolean());
        JsonNode none = economy("none", props(REDIS), List.of("--store", "redis", "--model", "closed", "-threads", "8",
                "-p", "redis.txn=none", "-p", "recordcount=5", "-p", "redis.database=2"));
        assertTrue(none.at("/validation/lostUpdates").asLong() > 0, none.at("/validation").toString());
        assertFalse(none.at("/validation/passed").asBoolean());
    }

    /** Redis without WATCH has no transactions: both runs would be the same run. */
    @Test
    void txnOverhead_storeWithoutTransactions_refusedBeforeAnyRun() {
        List<String> args = new ArrayList<>(List.of("txn-overhead", "-P", "closed_economy", "--store", "redis", "-p",
                "redis.txn=none", "-p", "redis.database=3", "--model", "closed", "-threads", "1", "--quiet"));
        props(REDIS).forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--store=redis: has no transactions (start, commit and abort do nothing with"
                + " redis.txn=none; redis.txn=watch has them), so there is no overhead to measure"), r::toString);
        assertFalse(r.out.contains("[TXN-OVERHEAD]"), r::toString);
    }

    @Test
    void txnOverhead_memoryStore_printsTheComparison() {
        // one client: no concurrent transfers, so no anomaly, with or without transactions
        CliRunner r = CliRunner.run("txn-overhead", "-P", "closed_economy", "--store", "memory", "-p",
                "operationcount=2000", "--model", "closed", "-threads", "1", "--quiet");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("[TXN-OVERHEAD]"), r::toString);
        assertTrue(r.out.contains("[TXN-OVERHEAD], Valid.withTxn, true\n[TXN-OVERHEAD], Valid.withoutTxn, true"),
                r::toString);
    }

    /** Memory without isolation loses updates under contention: each run's validation fails, and so the comparison. */
    @Test
    void txnOverhead_runsWhoseValidationFails_notValidWithTheReasons() {
        CliRunner r = CliRunner.run("txn-overhead", "-P", "closed_economy", "--store", "memory", "-p",
                "operationcount=20000", "-p", "recordcount=5", "--model", "closed", "-threads", "8", "--quiet");
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(r.err.contains("the closed economy's validation failed: "), r::toString);
        assertTrue(r.err.contains("openmark: txn-overhead: not valid: "), r::toString);
        assertTrue(r.out.contains("[TXN-OVERHEAD], Valid."), r::toString);
    }

    /**
     * On a server the first run's table outlives it: it is emptied (three pages of scans here) and
     * loaded again, so the second run starts from the same fresh load and validates.
     */
    @Test
    void txnOverhead_postgres_theSecondRunStartsFromAFreshLoad() {
        List<String> args = new ArrayList<>(List.of("txn-overhead", "-P", "closed_economy", "--store", "jdbc",
                "-p", "table=ovh_fresh_" + Long.toHexString(System.nanoTime()), "-p", "recordcount=2500", "-p", "operationcount=1000", "--model", "closed",
                "-threads", "1", "--seed", "3", "--quiet"));
        props(POSTGRES).forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.err.contains("deleted the 2500 records of the first run's table, so the second run loads it"
                + " again"), r::toString);
        assertTrue(r.out.contains("[TXN-OVERHEAD], Valid.withTxn, true\n[TXN-OVERHEAD], Valid.withoutTxn, true"),
                r::toString);
    }
}
