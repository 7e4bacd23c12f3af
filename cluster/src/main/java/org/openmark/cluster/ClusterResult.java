package org.openmark.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.openmark.cluster.coordinator.CoordinatorOutcome;
import org.openmark.cluster.coordinator.OnWorkerLoss;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.load.LoadSpec;
import org.openmark.load.Share;
import org.openmark.measure.Measurements;
import org.openmark.measure.Outage;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.run.ModelChoice;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.WorkerReport;
import org.openmark.timing.StopSignal;

/**
 * A cluster run's one result: every worker's part (its own result, or for a lost worker what it
 * delivered before it went) merged into a {@link RunResult} of the same shape as a single
 * process's, with a {@code workers[]} section, the workers' warnings and notes naming the workers
 * they come from, and the coordinator's own notes (the rate actually offered after a loss, a stop).
 * Each worker's part also goes to {@code workers/worker-N/result.json}.
 */
final class ClusterResult {
    private ClusterResult() {
    }

    /** The merged result of {@code done}; {@code outages} come from the merged intervals. */
    static RunResult merge(RunConfig cfg, CoordinatorOutcome done, List<Outage> outages, ClusterSession.Options options,
            StopSignal stop) throws IOException {
        long runtimeMs = 0;
        for (WorkerSlot w : done.workers()) {
            if (w.result() != null) {
                runtimeMs = Math.max(runtimeMs, w.result().runtimeMs());
            }
        }
        LoadSpec model = Runner.modelOf(cfg.withShare(Share.WHOLE)).spec();
        List<RunResult> parts = new ArrayList<>();
        List<WorkerReport> reports = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>(Runner.configNotes(cfg));
        boolean valid = true;
        WorkerFindings workerWarnings = new WorkerFindings();
        WorkerFindings workerNotes = new WorkerFindings();
        for (WorkerSlot w : done.workers()) {
            RunResult part = w.result() != null ? w.result()
                    : ResultMerge.lostPart(cfg, model, w.totals(), w.issuedSoFar(), runtimeMs);
            parts.add(part);
            reports.add(report(cfg, w, part, options.workers()));
            String who = w.name() + " (" + w.address() + ")";
            if (w.lost()) {
                valid = false;
                warnings.add(lossWarning(cfg, w, part, options.workers()));
            } else {
                // Every worker's own findings, valid or not: a store that could not keep up, that
                // stalled or that was not loaded is said by the worker that saw it.
                workerWarnings.add(who, part.warnings());
                workerNotes.add(who, part.notes());
                if (!part.valid()) {
                    valid = false;
                    if (part.warnings().isEmpty()) {
                        workerWarnings.add(who, List.of("its run was not valid"
                                + (done.stopped() ? " (stopped: " + done.stopReason() + ")" : "")));
                    }
                }
            }
            String offset = ClockOffsetCheck.warning(w, options.maxClockOffset());
            if (offset != null) {
                warnings.add(offset);
            }
            if (cfg.outDir() != null) {
                AtomicFiles.writeString(cfg.outDir().resolve("workers").resolve(w.name()).resolve("result.json"),
                        JsonReport.render(part));
            }
        }
        warnings.addAll(workerWarnings.lines());
        notes.addAll(workerNotes.lines());
        long lostWorkers = done.workers().stream().filter(WorkerSlot::lost).count();
        if (lostWorkers > 0 && cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN
                && options.onLoss() == OnWorkerLoss.CONTINUE) {
            double offered = 0;
            for (WorkerSlot w : done.workers()) {
                if (!w.lost()) {
                    offered += cfg.rateSchedule().rateAt(0) / options.workers();
                }
            }
            notes.add(String.format(Locale.ROOT, "after the loss the run offered %.0f ops/s instead of %.0f ops/s"
                    + " (%d of %d workers)", offered, cfg.rateSchedule().rateAt(0), options.workers() - lostWorkers,
                    options.workers()));
        }
        if (done.stopped()) {
            valid = false;
            notes.add("stopped: " + done.stopReason());
        }
        boolean interrupted = stop.isStopped();
        RunResult first = parts.get(0);
        RunResult merged = ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, warnings,
                notes, valid, interrupted, outages);
        if (!merged.accounting().addsUp()) {
            List<String> w = new ArrayList<>(merged.warnings());
            w.add("the accounting does not add up across the workers: " + merged.accounting());
            merged = ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, w, notes, false,
                    interrupted, outages);
        }
        return merged;
    }

    /** What is known of a lost worker's part, and what is not. */
    private static String lossWarning(RunConfig cfg, WorkerSlot w, RunResult part, int count) {
        // What it issued after its last interval never reached the coordinator: it is not in
        // the accounting. Under the open model the schedule bounds it.
        String unseen = cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN
                ? String.format(Locale.ROOT, "; what it issued after its last interval is not known here (at"
                        + " most about %.0f operations: its rate over the %.1f s before it was found"
                        + " unreachable)", cfg.rateSchedule().rateAt(0) / count
                                * w.silentBeforeLossMs() / 1000.0, w.silentBeforeLossMs() / 1000.0)
                : "; what it issued after its last interval is not known here";
        return String.format(Locale.ROOT, "%s (%s) was lost (%s): what it delivered until then is in the"
                + " result; its %d operations not reported finished are counted as lost with it%s", w.name(),
                w.address(), w.lostReason(), part.accounting().lostWithWorker(), unseen);
    }

    private static WorkerReport report(RunConfig cfg, WorkerSlot w, RunResult part, int count) {
        Histogram lag = part.schedule() != null ? part.schedule().sendLag() : w.sendLagSoFar();
        double target = part.schedule() != null ? part.schedule().targetRate() : 0;
        double achieved = part.schedule() != null ? part.schedule().achievedRate() : part.throughput();
        double cpu = w.cpuPercent();
        if (w.lost()) {
            // No final result: its share of the schedule, and its rate and CPU while it delivered.
            boolean open = cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN;
            target = open ? cfg.rateSchedule().rateAt(0) / count : 0;
            achieved = w.lostAfterMs() > 0 ? part.accounting().issued() / (w.lostAfterMs() / 1000.0) : 0;
            cpu = w.meanIntervalCpuPercent();
        }
        List<String> warnings = new ArrayList<>(part.warnings());
        if (w.lost()) {
            warnings.add("lost: " + w.lostReason());
        }
        return new WorkerReport(w.name(), w.address(), (w.index() + 1) + "/" + count, part.accounting().issued(), target,
                achieved, lag == null ? Measurements.newHistogram() : lag, cpu, w.offsetMicros(),
                w.roundTripMicros(), part.valid() && !w.lost(), w.lost(), w.lostAfterMs(), warnings);
    }
}
