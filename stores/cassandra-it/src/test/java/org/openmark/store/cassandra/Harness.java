package org.openmark.store.cassandra;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

/** Runs whole phases through openmark's harness on the cassandra store, as {@code bin/openmark load/run} does. */
final class Harness {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    /** Runs {@code phase} with the given properties (everything a -P file and -p would give). */
    RunResult run(Phase phase, Map<String, String> properties) {
        Runner runner = new Runner(StoreRegistry.of(new CassandraStoreFactory()), Workloads::create, Clock.system(),
                Tasks.real(), new StopSignal(), new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            return runner.execute(RunConfigParser.parse(phase, Settings.of(properties), null, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What the phases printed. */
    String log() {
        return log.toString(StandardCharsets.UTF_8);
    }
}
