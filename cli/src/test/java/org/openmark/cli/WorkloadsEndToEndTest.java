package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Workloads A–F through the real CLI on the memory and rocksdb stores with dataintegrity=true:
 * every operation accounted for, no value corrupted, result files written.
 */
class WorkloadsEndToEndTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} on {1} ({2})")
    @CsvSource({
        "workloada, memory, closed", "workloadb, memory, open", "workloadc, memory, closed",
        "workloadd, memory, open", "workloade, memory, closed", "workloadf, memory, open",
        "workloada, rocksdb, open", "workloadb, rocksdb, closed", "workloadc, rocksdb, open",
        "workloadd, rocksdb, closed", "workloade, rocksdb, open", "workloadf, rocksdb, closed",
    })
    void run_bundledWorkload_accountingAddsUpAndDataIsIntact(String workload, String store, String model)
            throws Exception {
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>(List.of("run", "-P", "../workloads/" + workload, "--store", store,
                "-p", "recordcount=300", "-p", "operationcount=3000", "-p", "dataintegrity=true", "--seed", "7",
                "--quiet", "--out", out.toString()));
        if (store.equals("rocksdb")) {
            args.addAll(List.of("-p", "rocksdb.dir=" + dir.resolve("db")));
        }
        if (model.equals("closed")) {
            args.addAll(List.of("-threads", "2"));
        } else {
            args.addAll(List.of("--rate", "20000"));
        }
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        assertTrue(r.out.contains("[OVERALL], Throughput(ops/sec), "), r::toString);
        assertTrue(r.out.contains("[ACCOUNTING], AddsUp, true"), r::toString);
        assertTrue(r.err.contains("was empty: loaded 300 records first"), r::toString);
        JsonNode json = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        JsonNode acc = json.get("accounting");
        assertEquals(3000, acc.get("issued").asLong());
        assertEquals(3000, acc.get("ok").asLong(), r::toString);
        assertEquals(0, acc.get("unfinished").asLong());
        assertTrue(acc.get("addsUp").asBoolean());
        assertEquals(7, json.get("seed").asLong());
        json.get("operations").fields().forEachRemaining(e ->
                assertFalse(e.getValue().get("statuses").has("UNEXPECTED_STATE"), e.getKey() + " read a corrupt value"));
        assertTrue(Files.size(out.resolve("latency.hlog")) > 0);
        assertTrue(Files.readString(out.resolve("timeseries.csv")).startsWith("elapsed_s,operation"));
    }
}
