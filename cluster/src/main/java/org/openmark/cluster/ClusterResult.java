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
import org.openmark.run.ConfigNotes;
import org.openmark.run.Model;
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
        List<ClusterSpan.Worker> ends = new ArrayList<>();
        for (WorkerSlot w : done.workers()) {
            RunResult part = w.result() != null ? w.result()
                    : ResultMerge.lostPart(cfg, model, w.totals(), w.issuedSoFar(), runtimeMs);
            parts.add(part);
            // The coordinator's own stop is the run's, not a worker's: only a worker that stopped on its own ended early.
            String stopReason = done.stopped() ? null : w.stopReason();
            ends.add(new ClusterSpan.Worker(who(w), new Share(w.index(), options.workers()), part, w.lost(),
                    w.lastIntervalEndMs(), stopReason, w.lostReason()));
        }
        ClusterSpan span = done.timeline() == null ? null : new ClusterSpan(cfg, done.timeline(), ends);
        List<WorkerReport> reports = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>(ConfigNotes.of(cfg));
        boolean valid = true;
        boolean interrupted = stop.isStopped() || done.stopped();
        WorkerFindings workerWarnings = new WorkerFindings();
        WorkerFindings workerNotes = new WorkerFindings();
        for (int i = 0; i < parts.size(); i++) {
            WorkerSlot w = done.workers().get(i);
            RunResult part = parts.get(i);
            ClusterSpan.Worker end = ends.get(i);
            reports.add(report(cfg, w, part, options.workers(), span, end));
            if (w.lost()) {
                valid = false;
                warnings.add(lossWarning(w, part, span == null ? "not known" : span.unseen(end)));
            } else {
                // Every worker's own findings, valid or not: a store that could not keep up, that
                // stalled or that was not loaded is said by the worker that saw it.
                workerWarnings.add(end.who(), part.warnings());
                workerNotes.add(end.who(), part.notes());
                if (end.stopReason() != null) {
                    // A part stopped on its machine: the run as a whole was interrupted, as a run in one process would be.
                    valid = false;
                    interrupted = true;
                    warnings.add(String.format(Locale.ROOT, "%s stopped its part %s: %s; what it measured until"
                            + " then is in the result, and the run is interrupted", end.who(), span == null ? "early"
                            : String.format(Locale.ROOT, "at %.1f s", (span.endEpochMs(end)
                                    - done.timeline().startEpochMillis()) / 1000.0), end.stopReason()));
                } else if (!part.valid()) {
                    valid = false;
                    if (part.warnings().isEmpty()) {
                        workerWarnings.add(end.who(), List.of("its run was not valid"
                                + (done.stopped() ? " (stopped: " + done.stopReason() + ")" : "")));
                    }
                }
            }
            String offset = ClockOffsetCheck.warning(w, options.maxClockOffset());
            if (offset != null) {
                warnings.add(offset);
            }
            java.nio.file.Path out = cfg.output().outDir();
            if (out != null) {
                AtomicFiles.writeString(out.resolve("workers").resolve(w.name()).resolve("result.json"),
                        JsonReport.render(part));
            }
        }
        warnings.addAll(workerWarnings.lines());
        notes.addAll(workerNotes.lines());
        ResultMerge.Span merged = span == null ? null : span.span();
        if (span != null && (options.onLoss() == OnWorkerLoss.CONTINUE || done.workers().stream()
                .noneMatch(WorkerSlot::lost))) {
            notes.addAll(span.notes(merged));
        }
        if (done.stopped()) {
            valid = false;
            notes.add("stopped: " + done.stopReason());
        }
        RunResult first = parts.get(0);
        RunResult result = merge(cfg, model, first, parts, reports, warnings, notes, valid, interrupted, outages,
                merged);
        if (!result.accounting().addsUp()) {
            List<String> w = new ArrayList<>(result.warnings());
            w.add("the accounting does not add up across the workers: " + result.accounting());
            result = merge(cfg, model, first, parts, reports, w, notes, false, interrupted, outages, merged);
        }
        return result;
    }

    private static RunResult merge(RunConfig cfg, LoadSpec model, RunResult first, List<RunResult> parts,
            List<WorkerReport> reports, List<String> warnings, List<String> notes, boolean valid, boolean interrupted,
            List<Outage> outages, ResultMerge.Span span) {
        return span == null
                ? ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, warnings, notes, valid,
                        interrupted, outages)
                : ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, warnings, notes, valid,
                        interrupted, outages, span);
    }

    private static String who(WorkerSlot w) {
        return w.name() + " (" + w.address() + ")";
    }

    /** What is known of a lost worker's part, and what is not. */
    private static String lossWarning(WorkerSlot w, RunResult part, String unseen) {
        // What it issued after its last interval never reached the coordinator: it is not in the accounting.
        return String.format(Locale.ROOT, "%s was lost (%s): what it delivered until then is in the result; its %d"
                + " operations not reported finished are counted as lost with it; what it issued after its last"
                + " interval is not known here: %s", who(w), w.lostReason(), part.accounting().lostWithWorker(),
                unseen);
    }

    private static WorkerReport report(RunConfig cfg, WorkerSlot w, RunResult part, int count, ClusterSpan span,
            ClusterSpan.Worker end) {
        Histogram lag = part.schedule() != null ? part.schedule().sendLag() : w.sendLagSoFar();
        double target = part.schedule() != null ? part.schedule().targetRate() : 0;
        double achieved = part.schedule() != null ? part.schedule().achievedRate() : part.throughput();
        double cpu = w.cpuPercent();
        long start = span == null ? 0 : span.runStartEpochMs();
        long endedAfterMs = span == null ? -1 : Math.max(0, span.endEpochMs(end) - start);
        if (w.lost()) {
            // No final result: its share of the schedule, and its rate and CPU while it delivered.
            target = cfg.phase() == Phase.RUN && cfg.model() instanceof Model.Open open
                    ? open.schedule().rateAt(0) / count : 0;
            achieved = endedAfterMs > 0 ? part.accounting().issued() / (endedAfterMs / 1000.0) : 0;
            cpu = w.meanIntervalCpuPercent();
        }
        List<String> warnings = new ArrayList<>(part.warnings());
        if (w.lost()) {
            warnings.add("lost: " + w.lostReason());
        }
        return new WorkerReport(w.name(), w.address(), (w.index() + 1) + "/" + count, part.accounting().issued(), target,
                achieved, lag == null ? Measurements.newHistogram() : lag, cpu, w.offsetMicros(),
                w.roundTripMicros(), part.valid() && !w.lost(), w.lost(), w.lostAfterMs(), endedAfterMs,
                w.lost() ? "lost" : end.stopReason(), warnings);
    }
}
