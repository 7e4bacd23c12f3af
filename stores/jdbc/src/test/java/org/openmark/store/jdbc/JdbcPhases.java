package org.openmark.store.jdbc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workloads;

/**
 * Runs whole phases on the jdbc store through openmark's harness, as {@code bin/openmark load/run
 * --store jdbc} does without the command line: the same property handling, preflight, automatic
 * load, workload (data integrity included) and result.
 */
final class JdbcPhases {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    /** Runs {@code phase} with these properties; bad input throws the harness's ConfigException. */
    RunResult run(Phase phase, Map<String, String> properties) {
        Runner runner = new Runner(StoreRegistry.of(new JdbcStoreFactory()), Workloads::create, Clock.system(),
                Tasks.real(), new StopSignal(), new PrintStream(log, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            return runner.execute(RunConfigParser.parse(phase, Settings.of(properties), null, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What the phases printed on their status stream. */
    String log() {
        return log.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Properties from {@code name, value} pairs, on top of {@code base}. */
    static Map<String, String> props(Map<String, String> base, String... pairs) {
        Map<String, String> all = new HashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            all.put(pairs[i], pairs[i + 1]);
        }
        return all;
    }
}
