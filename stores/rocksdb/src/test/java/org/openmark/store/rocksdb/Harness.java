package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workloads;

/** Runs whole phases on the rocksdb store through openmark's harness, as {@code bin/openmark load/run} does. */
final class Harness {

    private Harness() {
    }

    /** Runs {@code phase} with the given properties ({@code store=rocksdb} added). */
    static RunResult run(Phase phase, Map<String, String> properties) {
        Map<String, String> p = new HashMap<>(properties);
        p.put("store", "rocksdb");
        Runner runner = new Runner(StoreRegistry.of(new RocksDbStoreFactory()), Workloads::create, Clock.system(),
                Tasks.real(), new StopSignal(), new PrintStream(new ByteArrayOutputStream(), true));
        try {
            return runner.execute(RunConfigParser.parse(phase, Settings.of(p), null, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every operation completed OK: with data integrity on, no value differed (UNEXPECTED_STATE) and none was missing. */
    static void assertAllOk(RunResult result, long expectedOperations) {
        assertTrue(result.accounting().addsUp(), result.accounting().toString());
        Map<Status, Long> seen = new java.util.EnumMap<>(Status.class);
        result.accounting().statuses().forEach((status, count) -> {
            if (count > 0) {
                seen.put(status, count);
            }
        });
        assertEquals(Map.of(Status.OK, expectedOperations), seen,
                result.accounting() + " " + result.warnings());
        assertTrue(result.valid(), result.warnings().toString());
    }
}
