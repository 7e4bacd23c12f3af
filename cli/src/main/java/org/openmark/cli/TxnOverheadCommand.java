package org.openmark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openmark.config.Settings;
import org.openmark.load.StopSignal;
import org.openmark.report.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.txn.RunSummary;
import org.openmark.txn.TxnOverhead;
import org.openmark.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code openmark txn-overhead}: runs the same workload with and without transaction
 * boundaries and reports the difference per operation (YCSB+T's tier 5).
 */
@Command(name = "txn-overhead", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a workload twice, with and without transactions, and report the overhead.",
            "Example: bin/openmark txn-overhead -P workloads/closed_economy --store jdbc -P /tmp/openmark-services/"
                    + "postgres/postgres.properties -threads 4 -p operationcount=20000"})
final class TxnOverheadCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintStream err = parent.err;
        Settings base = options.settings(err);
        if (!base.contains("seed")) {
            // Both runs replay the same operations: one seed, chosen once (and printed by each run).
            base = base.with(Map.of("seed", Long.toString(new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE)));
        }
        RunResult with = run(base, true, "with-txn");
        RunResult without = run(base, false, "without-txn");
        Map<String, Object> cmp = new LinkedHashMap<>();
        TxnOverhead overhead = TxnOverhead.compare(RunSummary.of(with), RunSummary.of(without));
        for (String line : overhead.textLines()) {
            parent.out.println(line);
        }
        if (options.out != null) {
            cmp.put("withTxn", JsonReport.toMap(with));
            cmp.put("withoutTxn", JsonReport.toMap(without));
            cmp.put("overhead", overhead.values());
            AtomicFiles.writeString(options.out.resolve("txn-overhead.json"),
                    new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                            .writeValueAsString(cmp) + "\n");
            err.println("openmark: results in " + options.out.toAbsolutePath());
        }
        return 0;
    }

    private RunResult run(Settings base, boolean txn, String label) throws InterruptedException, IOException {
        Map<String, String> m = new HashMap<>(base.asMap());
        m.put("txn.enabled", String.valueOf(txn));
        RunConfig cfg = RunConfigParser.parse(Phase.RUN, Settings.of(m), null, options.quiet);
        parent.err.println("openmark: txn-overhead: run " + label);
        // Each run on its own clock: a fresh virtual clock with --time virtual.
        org.openmark.load.Timing timing = cfg.virtualTime() ? org.openmark.load.Timing.virtual()
                : org.openmark.load.Timing.real();
        return new Runner(StoreRegistry.discover(), Workloads::create, timing.clock(), timing.tasks(), new StopSignal(),
                parent.err).execute(cfg);
    }
}
