package org.openmark.store.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workloads;

/** Whole phases of openmark's workload on the redis store, as {@code bin/openmark load/run} runs them. */
final class WorkloadRuns {

    private WorkloadRuns() {
    }

    /**
     * Runs {@code phase} with the given properties (a run loads first when the store is known to be
     * empty, as the command does).
     *
     * @throws org.openmark.config.ConfigException for bad input, as the command would exit 2
     */
    static RunResult run(Phase phase, Map<String, String> properties) {
        Runner runner = new Runner(StoreRegistry.of(new RedisStoreFactory()), Workloads::create, Clock.system(),
                Tasks.real(), new StopSignal(), new PrintStream(OutputStream.nullOutputStream()));
        try {
            return runner.execute(RunConfigParser.parse(phase, Settings.of(properties), null, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Properties from {@code name, value} pairs added to {@code base}. */
    static Map<String, String> with(Map<String, String> base, String... pairs) {
        Map<String, String> all = new HashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            all.put(pairs[i], pairs[i + 1]);
        }
        return all;
    }

    /** The result of one operation type; fails when the run had none. */
    static OpResult operation(RunResult result, String name) {
        return result.operations().stream().filter(op -> op.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + result.operations()));
    }
}
