package org.openmark.cluster.protocol;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openmark.config.PropertyChanges;
import org.openmark.config.Settings;
import org.openmark.load.Share;
import org.openmark.run.Model;
import org.openmark.run.Phase;
import org.openmark.run.ReportForm;
import org.openmark.run.RunConfig;
import org.openmark.txn.TxnConfig;
import org.openmark.workload.WorkloadSettings;
import org.openmark.workload.Workloads;

/**
 * A worker's share of a load or run phase on the wire: its {@link RunConfig} as the coordinator derived
 * it ({@code RunConfigBuilder.parent(run).share(i/n)}), in typed form. The worker takes these values as
 * they are; nothing of the run is parsed again.
 *
 * <p>What stays text, and why: the user's {@code properties} (and what a derivation changed in them,
 * {@code changes}) are what a store is given and what a result records as its {@code config}; only the
 * store's binding reads its own, and the wire cannot know the types of a binding's settings. The
 * workload's settings are text for the same reason: a workload is a provider's
 * ({@link org.openmark.workload.WorkloadProvider}, possibly from another jar), and its settings type is
 * its own; the worker resolves them with the same provider from the same properties
 * ({@link RunConfig#recordedProperties()} resolve to the same configuration, and both processes run the
 * same openmark version: the coordinator admits no other). What the harness resolves (the model and its
 * rate or threads, the counts, the lengths, the seed, the share, the verdicts' bounds, the transactions)
 * is typed.
 *
 * @param phase load or run
 * @param store the store's name
 * @param properties the properties the run was resolved from, as the user gave them
 * @param changes what the run's derivations changed in them (the coordinator's seed and share among them)
 * @param percentiles the percentiles of the text report
 * @param statusInterval how often the status line is printed
 * @param form why the run has its model and which latency blocks its report prints
 * @see RunConfig for the other values
 */
public record PhasePlan(Phase phase, String store, Map<String, String> properties, PropertyChanges changes,
        Model model, TxnConfig transactions, long operationCount, Duration duration, Duration warmup,
        Duration granularity, Duration grace, Duration loadStallTimeout, long seed, boolean seedChosen,
        boolean autoLoad, Share share, boolean virtualTime, RunConfig.Thresholds thresholds,
        List<Double> percentiles, Duration statusInterval, ReportForm form) implements PlanConfig {

    public PhasePlan {
        properties = Map.copyOf(properties);
        percentiles = List.copyOf(percentiles);
    }

    /** The plan of {@code cfg} (the worker's share of the run, derived by the coordinator). */
    public static PhasePlan of(RunConfig cfg) {
        return new PhasePlan(cfg.phase(), cfg.store(), cfg.settings().asMap(), cfg.changes(), cfg.model(),
                cfg.transactions(), cfg.operationCount(), cfg.duration(), cfg.warmup(), cfg.granularity(), cfg.grace(),
                cfg.loadStallTimeout(), cfg.seed(), cfg.seedChosen(), cfg.autoLoad(), cfg.share(), cfg.virtualTime(),
                cfg.thresholds(), cfg.output().percentiles(), cfg.output().statusInterval(), cfg.output().form());
    }

    @Override
    public PlanPhase kind() {
        return PlanPhase.of(phase);
    }

    /**
     * The worker's configuration: these values, with the workload's settings resolved by its provider
     * from the recorded properties; no output files (the coordinator writes the run's), quiet.
     *
     * @throws org.openmark.config.ConfigException when the workload is unknown here or refuses its properties
     */
    public RunConfig toRunConfig() {
        WorkloadSettings workload = Workloads.resolve(Settings.of(changes.applyTo(properties)));
        return new RunConfig(phase, store, Settings.of(properties), workload, transactions, model, operationCount,
                duration, warmup, granularity, grace, loadStallTimeout, seed, seedChosen, autoLoad, share, virtualTime,
                thresholds, new RunConfig.Output(null, percentiles, statusInterval, true, form), changes);
    }
}
