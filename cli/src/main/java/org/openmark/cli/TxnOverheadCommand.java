package org.openmark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.config.Settings;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.run.TableEraser;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.txn.TxnConfig;
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

    @Mixin
    MetricsOptions metricsOptions;

    /** The --metrics endpoint of both runs. */
    private LiveMetrics metrics = LiveMetrics.NONE;

    private final StopSignal stop = new StopSignal();
    /** The runner of both runs and of the look at their table, made once the command runs. */
    private Runner runner;

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintStream err = parent.err;
        if (options.noTxn) {
            throw org.openmark.config.ConfigException.of("--no-txn", "true", "txn-overhead runs the workload both with"
                    + " and without transaction boundaries and compares them; --no-txn applies to run");
        }
        Settings base = options.settings(err);
        if (base.contains(TxnConfig.ENABLED)) {
            throw org.openmark.config.ConfigException.of(TxnConfig.ENABLED, base.getString(TxnConfig.ENABLED, ""),
                    "txn-overhead sets it for each of its two runs; leave it out");
        }
        if (options.out != null) {
            org.openmark.output.OutputPaths.checkDirectory("--out", options.out);
        }
        // Resolved once, before anything runs: the two runs are this but for txn.enabled.
        RunConfig first = RunConfigParser.parse(Phase.RUN, base, null, options.quiet);
        if (first.virtualTime()) {
            // The boundaries' cost is a real-time figure: in virtual time an in-process store's calls take no time.
            throw org.openmark.config.ConfigException.of("--time", "virtual", "txn-overhead runs in real time");
        }
        try (LiveMetrics live = LiveMetrics.start(metricsOptions, err, Clock.system());
                Interruption interruption = Interruption.stopping(err, "stopping the run in progress; the comparison"
                        + " needs both runs, so nothing is written", first.grace().plusSeconds(30), stop::stop)) {
            metrics = live;
            return compare(first, err);
        }
    }

    private int compare(RunConfig base, PrintStream err) throws InterruptedException, IOException {
        runner = new Runner(StoreRegistry.discover(), Workloads::create, Clock.system(), Tasks.real(), stop, err);
        // A table the first run loads is emptied before the second, which then loads it again: both
        // runs start from the same fresh load. A table that held records before is left alone. (The
        // table is looked at outside transactions.)
        RunConfig plain = config(base, false);
        if (!onTable(plain, (store, table) -> store.hasTransactions())) {
            // both runs would run the same plain operations: no overhead to measure
            throw org.openmark.config.ConfigException.of("--store", plain.store(), "has no transactions (start,"
                    + " commit and abort do nothing" + (plain.store().equals("redis") ? " with redis.txn=none; "
                    + "redis.txn=watch has them" : "") + "), so there is no overhead to measure");
        }
        boolean loadsItsTable = plain.autoLoad() && tableKnownEmpty(plain);
        RunResult with = run(base, true, "with-txn");
        if (with.interrupted()) {
            err.println("openmark: txn-overhead: interrupted during the run with transactions: nothing compared");
            return Main.EXIT_INTERRUPTED;
        }
        if (loadsItsTable) {
            startFromAFreshLoad(plain, err);
        } else {
            err.println("openmark: txn-overhead: the store's table was not known to be empty before the first run"
                    + (plain.autoLoad() ? "" : " (-p autoload=false)") + ", so neither run loads it and the second"
                    + " starts from what the first left (a workload that validates, as the closed economy does,"
                    + " expects a freshly loaded table: see docs/transactions.md)");
        }
        RunResult without = run(base, false, "without-txn");
        if (without.interrupted()) {
            err.println("openmark: txn-overhead: interrupted during the run without transactions: nothing compared");
            return Main.EXIT_INTERRUPTED;
        }
        // Each run's warnings (unknown properties with "did you mean", its verdicts); those of both once.
        for (String w : with.warnings()) {
            err.println("openmark: warning: " + (without.warnings().contains(w) ? "" : "with-txn: ") + w);
        }
        for (String w : without.warnings()) {
            if (!with.warnings().contains(w)) {
                err.println("openmark: warning: without-txn: " + w);
            }
        }
        Map<String, Object> cmp = new LinkedHashMap<>();
        TxnOverhead overhead = TxnOverhead.compare(with.summary(), without.summary());
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
        parent.out.println("[TXN-OVERHEAD], Valid.withTxn, " + with.valid());
        parent.out.println("[TXN-OVERHEAD], Valid.withoutTxn, " + without.valid());
        if (!with.valid() || !without.valid()) {
            err.println("openmark: txn-overhead: not valid: the run " + (with.valid() ? "without" : !without.valid()
                    ? "with and the run without" : "with") + " transactions did not give a valid result (the reasons are"
                    + " in the warnings above), so neither is the overhead");
            return Main.EXIT_NOT_VALID;
        }
        return 0;
    }

    /** Empties the table the first run loaded, so that the second run loads it again. */
    private void startFromAFreshLoad(RunConfig cfg, PrintStream err) {
        try {
            long erased = eraseTable(cfg);
            if (erased > 0) {
                err.println("openmark: txn-overhead: deleted the " + erased + " records of the first run's table, so the"
                        + " second run loads it again and starts as the first did");
            }
        } catch (StoreException e) {
            err.println("openmark: warning: txn-overhead: could not empty the first run's table (" + e.getMessage()
                    + "): the second run starts from what the first left");
        }
    }

    /** True when the store knows the workload's table holds no records (the run loads it first). */
    private boolean tableKnownEmpty(RunConfig cfg) {
        return onTable(cfg, Store::isKnownEmpty);
    }

    /** Deletes every record of the workload's table; returns how many. */
    private long eraseTable(RunConfig cfg) {
        return onTable(cfg, TableEraser::erase);
    }

    /** Opens the configured store for {@code action} on the workload's table, and closes it. */
    private <T> T onTable(RunConfig cfg, java.util.function.BiFunction<Store, String, T> action) {
        String table = runner.createWorkload(cfg).table();
        try (Store store = runner.openStore(cfg)) {
            return action.apply(store, table);
        }
    }

    /**
     * The run with or without transactions. Both replay the same operations: the seed given, or the one
     * the parser chose, recorded as given (each run prints it).
     */
    static RunConfig config(RunConfig base, boolean txn) {
        RunConfigBuilder b = RunConfigBuilder.parent(base).transactions(txn);
        if (base.seedChosen()) {
            b.seed(base.seed());
        }
        return b.build();
    }

    private RunResult run(RunConfig base, boolean txn, String label) throws InterruptedException, IOException {
        RunConfig cfg = config(base, txn);
        parent.err.println("openmark: txn-overhead: run " + label);
        return metrics.execute("txn-overhead", runner, cfg);
    }

}
