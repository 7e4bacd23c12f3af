package org.openmark.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.event.EventOutcome;
import org.openmark.load.LoadSpec;
import org.openmark.measure.Outage;
import org.openmark.txn.LatencySummary;
import org.openmark.txn.RunSummary;
import org.openmark.workload.ReportSection;
import org.openmark.workload.ValidationReport;

/**
 * The immutable result of one phase: what was configured, what happened, and the full
 * histograms (so results from several machines can be merged without loss).
 *
 * @param phase load or run
 * @param model the load model: its fields and its one-line description
 * @param paced closed model with a target: the text report adds YCSB's Intended- blocks
 * @param openModel true when the latencies are open-model response times
 * @param storeFacts what the store said about itself ({@code version}, {@code seed}, …)
 * @param config every effective property, secrets masked ({@link org.openmark.api.Secrets})
 * @param runtimeMs from the phase's start to its end (after the warm-up when there was one)
 * @param throughput completed operations per second over {@code runtimeMs}
 * @param operations per operation name, in name order
 * @param schedule the open model's self-check, or null
 * @param unfinishedLatency how long unfinished operations had waited (a lower bound)
 * @param valid false when the generator, not the store, limited the run, or it was interrupted
 * @param validation what the workload's validation stage found, or null
 * @param sections figures the workload kept (transaction outcomes), in the order given
 * @param workers the load-generator processes of a cluster run (empty for a run in one process)
 * @param outages the stretches in which the store failed (errors, or nothing completed), in time order
 * @param events the actions run during the run ({@code --event}), in the order they were given
 * @param form why the run has its model, and which of the closed model's latencies the text report prints
 */
public record RunResult(String openmarkVersion, long seed, boolean seedChosen, Phase phase, LoadSpec model, boolean paced,
        boolean openModel, String store, Map<String, String> storeFacts, Map<String, String> config, long startEpochMs, long runtimeMs,
        double throughput, List<OpResult> operations, Accounting accounting, ScheduleReport schedule,
        Histogram unfinishedLatency, List<String> warnings, List<String> notes, boolean valid, boolean interrupted,
        ValidationReport validation, List<Double> percentiles, List<ReportSection> sections,
        List<WorkerReport> workers, List<Outage> outages, List<EventOutcome> events, ReportForm form) {

    /** A result that does not say why it has its model ({@link ReportForm#UNSTATED}). */
    public RunResult(String openmarkVersion, long seed, boolean seedChosen, Phase phase, LoadSpec model, boolean paced,
            boolean openModel, String store, Map<String, String> storeFacts, Map<String, String> config,
            long startEpochMs, long runtimeMs, double throughput, List<OpResult> operations, Accounting accounting,
            ScheduleReport schedule, Histogram unfinishedLatency, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted, ValidationReport validation, List<Double> percentiles,
            List<ReportSection> sections, List<WorkerReport> workers, List<Outage> outages,
            List<EventOutcome> events) {
        this(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts, config,
                startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency, warnings,
                notes, valid, interrupted, validation, percentiles, sections, workers, outages, events,
                ReportForm.UNSTATED);
    }

    /** A result with no actions during the run. */
    public RunResult(String openmarkVersion, long seed, boolean seedChosen, Phase phase, LoadSpec model, boolean paced,
            boolean openModel, String store, Map<String, String> storeFacts, Map<String, String> config,
            long startEpochMs, long runtimeMs, double throughput, List<OpResult> operations, Accounting accounting,
            ScheduleReport schedule, Histogram unfinishedLatency, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted, ValidationReport validation, List<Double> percentiles,
            List<ReportSection> sections, List<WorkerReport> workers, List<Outage> outages) {
        this(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts, config,
                startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency, warnings,
                notes, valid, interrupted, validation, percentiles, sections, workers, outages, List.of());
    }

    /** A run in one process. */
    public RunResult(String openmarkVersion, long seed, boolean seedChosen, Phase phase, LoadSpec model, boolean paced,
            boolean openModel, String store, Map<String, String> storeFacts, Map<String, String> config,
            long startEpochMs, long runtimeMs, double throughput, List<OpResult> operations, Accounting accounting,
            ScheduleReport schedule, Histogram unfinishedLatency, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted, ValidationReport validation, List<Double> percentiles,
            List<ReportSection> sections) {
        this(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts, config,
                startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency, warnings,
                notes, valid, interrupted, validation, percentiles, sections, List.of(), List.of());
    }

    /** This result with other warnings, verdict and outages (the store's verdict, decided after the phase). */
    public RunResult withVerdict(List<String> newWarnings, boolean newValid, List<Outage> newOutages) {
        return new RunResult(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts,
                config, startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency,
                newWarnings, notes, newValid, interrupted, validation, percentiles, sections, workers, newOutages,
                events, form);
    }

    /** This result with {@code more} notes after its own. */
    public RunResult withNotes(String... more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(List.of(more));
        return new RunResult(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts,
                config, startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency,
                warnings, all, valid, interrupted, validation, percentiles, sections, workers, outages, events, form);
    }

    /** This result with other sections (figures a workload or an output added). */
    public RunResult withSections(List<ReportSection> newSections) {
        return new RunResult(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts,
                config, startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency,
                warnings, notes, valid, interrupted, validation, percentiles, List.copyOf(newSections), workers,
                outages, events);
    }

    /** This result with the actions run during it. */
    public RunResult withEvents(List<EventOutcome> newEvents) {
        return new RunResult(openmarkVersion, seed, seedChosen, phase, model, paced, openModel, store, storeFacts,
                config, startEpochMs, runtimeMs, throughput, operations, accounting, schedule, unfinishedLatency,
                warnings, notes, valid, interrupted, validation, percentiles, sections, workers, outages,
                List.copyOf(newEvents), form);
    }

    /**
     * The figures {@link org.openmark.txn.TxnOverhead} compares, using the latencies the text
     * report shows first: response times (from the intended start) under the open model, service
     * times under the closed one. Names with no OK outcome are left out.
     */
    public RunSummary summary() {
        Map<String, LatencySummary> ops = new TreeMap<>();
        for (OpResult op : operations) {
            Histogram h = openModel ? op.okResponse() : op.okService();
            if (h.getTotalCount() > 0) {
                ops.put(op.name(), new LatencySummary(h.getMean(), h.getValueAtPercentile(50),
                        h.getValueAtPercentile(99)));
            }
        }
        return new RunSummary(throughput, ops);
    }
}
