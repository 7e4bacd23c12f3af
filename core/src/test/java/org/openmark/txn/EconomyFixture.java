package org.openmark.txn;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.config.Settings;
import org.openmark.load.ClosedModel;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.testing.FakeClock;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/** Shortcuts for closed-economy tests. */
final class EconomyFixture {
    private EconomyFixture() {
    }

    static Settings settings(String... pairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Settings.of(m);
    }

    /** The economy of these properties, for a run of their {@code operationcount} when they give one (as a run's). */
    static ClosedEconomyWorkload economy(String... pairs) {
        Settings s = settings(pairs);
        java.util.OptionalLong operations = s.contains("operationcount")
                ? java.util.OptionalLong.of(s.getLong("operationcount", 0)) : java.util.OptionalLong.empty();
        return (ClosedEconomyWorkload) EconomyConfig.parse(s).create(new FakeClock(), operations);
    }

    /** Loads every account through one client, sequentially. */
    static void load(Workload w, Store store) {
        WorkloadClient c = w.newClient(0, 1, 1);
        try (Session s = store.newSession()) {
            for (Operation op = c.nextLoadOperation(); op != null; op = c.nextLoadOperation()) {
                if (op.execute(s) != Status.OK) {
                    throw new AssertionError("load failed: " + op.name());
                }
            }
        }
    }

    /** The balance stored for account {@code n}. */
    static long balance(TxnTestStore store, long n) {
        return Accounts.DEFAULT.balance(store.get(Accounts.key(n)));
    }

    /**
     * Loads then runs {@code operations} with the closed model in virtual time. A test store's
     * latency is switched off afterwards, since the validation runs on the test's own thread,
     * which virtual time does not wait for.
     */
    static RunResult loadAndRun(Workload w, Store store, VirtualClock clock, int threads, long operations)
            throws InterruptedException {
        RunConfig cfg = TestConfigs.run("model", "closed", "threadcount", String.valueOf(threads), "operationcount",
                String.valueOf(operations));
        PhaseRunner runner = new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null);
        runner.run(cfg, new ClosedModel(threads, 0, Duration.ZERO, true), w, store, w.loadOperationCount(),
                Duration.ZERO, List.of());
        RunResult result = runner.run(cfg, new ClosedModel(threads, 0, Duration.ZERO, false), w, store, operations,
                Duration.ZERO, List.of());
        if (store instanceof TxnTestStore t) {
            t.withoutLatency();
        }
        return result;
    }
}
