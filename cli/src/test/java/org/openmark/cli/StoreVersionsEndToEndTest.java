package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.store.contract.ServicesFixture;
import org.rocksdb.RocksDB;
import redis.clients.jedis.Jedis;

/**
 * A result says which engine or server version it measured: {@code storeFacts.version} in
 * result.json and the text report's {@code [RUN], Store} line, for the embedded RocksDB and for
 * real Redis and PostgreSQL servers (started by bin/openmark-services), each checked against
 * what the library or the server itself reports.
 */
@Tag("integration")
class StoreVersionsEndToEndTest {
    @RegisterExtension
    static final ServicesFixture POSTGRES = ServicesFixture.of("postgres");
    @RegisterExtension
    static final ServicesFixture REDIS = ServicesFixture.of("redis");

    @TempDir
    Path dir;

    @Test
    void run_rocksdb_resultCarriesTheRocksDbLibraryVersion() throws Exception {
        RocksDB.loadLibrary(); // the version is known once the native library is loaded
        String expected = RocksDB.rocksdbVersion().toString();

        JsonNode facts = run("rocksdb", Map.of("rocksdb.dir", dir.resolve("db").toString()), expected);

        assertEquals(expected, facts.path("version").asText(), facts::toString);
    }

    @Test
    void run_redis_resultCarriesTheServersRedisVersion() throws Exception {
        Map<String, String> server = REDIS.properties().asMap();
        String expected;
        try (Jedis jedis = new Jedis(server.get("redis.host"), Integer.parseInt(server.get("redis.port")))) {
            expected = jedis.info("server").lines().filter(line -> line.startsWith("redis_version:"))
                    .map(line -> line.substring("redis_version:".length()).trim()).findFirst().orElseThrow();
        }

        JsonNode facts = run("redis", server, expected);

        assertEquals(expected, facts.path("version").asText(), facts::toString);
    }

    @Test
    void run_postgres_resultCarriesTheProductAndTheServersVersion() throws Exception {
        Map<String, String> server = POSTGRES.properties().asMap();
        String expected;
        try (Connection connection = DriverManager.getConnection(server.get("jdbc.url"), server.get("jdbc.user"),
                server.get("jdbc.password"));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SHOW server_version")) {
            rows.next();
            expected = rows.getString(1);
        }

        JsonNode facts = run("jdbc", server, expected);

        assertEquals(expected, facts.path("version").asText(), facts::toString);
        assertEquals("PostgreSQL", facts.path("product").asText(), facts::toString);
    }

    /** Runs workload C briefly on the store; returns result.json's storeFacts after checking the text report. */
    private JsonNode run(String store, Map<String, String> properties, String expectedVersion) throws Exception {
        Path out = dir.resolve("out-" + store);
        List<String> args = new ArrayList<>(List.of("run", "-P", "../workloads/workloadc", "--store", store,
                "-p", "table=versions_" + store, "-p", "recordcount=50", "-p", "operationcount=200",
                "-threads", "1", "--seed", "3", "--quiet", "--out", out.toString()));
        properties.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        assertTrue(r.out.lines().anyMatch(line -> line.startsWith("# [RUN], Store, " + store + " (")
                && line.contains("version " + expectedVersion)), r::toString);
        return new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("storeFacts");
    }
}
