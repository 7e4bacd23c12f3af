package org.openmark.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;

/**
 * The results of the processes that shared one run (a cluster run's workers), merged into one
 * result of the same shape as a run in one process: histograms are added (HdrHistogram's
 * lossless {@code add}; no percentile is ever averaged), counts are summed, and rates are the
 * summed operations over the run's span on one clock ({@link Span}), never a sum of the
 * processes' rates (a process that ran shorter would count its operations over its own span).
 */
public final class ResultMerge {
    private ResultMerge() {
    }

    /**
     * What only the coordinator of a run knows: its span on its own clock, and what the schedule
     * planned and offered over all processes, lost ones included.
     *
     * @param startEpochMs the common start instant (the warm-up's start)
     * @param runtimeMs from the end of the warm-up to the end of the last process's part
     * @param issueSeconds from the start to the last operation issued by any process
     * @param scheduledSeconds from the start to the last intended start of any process
     * @param targetRate the planned schedule's mean rate over the issuing span, every share counted
     * @param maxInFlight the in-flight bound over every share, lost ones included
     * @param offeredRate what was offered over the whole span when a process stopped early, else 0
     * @param offered when processes stopped early and what was offered from then on
     */
    public record Span(long startEpochMs, long runtimeMs, double issueSeconds, double scheduledSeconds,
            double targetRate, int maxInFlight, double offeredRate, List<OfferedChange> offered) {
    }

    /**
     * The part of a worker that went away during the run: what it delivered interval by interval.
     * Operations it issued and never reported finished are lost with it, not unfinished.
     *
     * @param totals the sum of the intervals it delivered
     * @param issued the operations it reported issued
     * @param runtimeMs how long the phase ran (the merged run's), for its throughput
     */
    public static RunResult lostPart(RunConfig cfg, org.openmark.load.LoadSpec model, Totals totals, long issued, long runtimeMs) {
        Accounting seen = ResultBuilder.accounting(issued, totals, 0);
        Accounting accounting = new Accounting(issued, seen.warmUp(), seen.statuses(), 0, 0,
                Math.max(0, issued - seen.warmUp() - seen.completed()));
        double throughput = totals.measuredCompleted() / Math.max(1e-9, runtimeMs / 1000.0);
        return new RunResult(OpenmarkVersion.current(), cfg.seed(), cfg.seedChosen(), cfg.phase(), model, false, false,
                cfg.store(), Map.of(), Map.of(), 0, runtimeMs, throughput, ResultBuilder.operations(totals),
                accounting, null, Measurements.newHistogram(), List.of(), List.of(), false, false, null,
                cfg.output().percentiles(), List.of());
    }

    /**
     * One result for the whole run.
     *
     * @param cfg the run's configuration as the coordinator resolved it (its seed, store, config)
     * @param model the whole run's load model
     * @param parts every worker's result (a lost worker's from {@link #lostPart})
     * @param workers what the report says about each worker
     * @param warnings the run's warnings: the coordinator's own and the workers', each naming its worker
     * @param notes the run's notes, the same way
     * @param valid the coordinator's verdict
     */
    public static RunResult merge(RunConfig cfg, org.openmark.load.LoadSpec model, boolean paced, boolean openModel,
            List<RunResult> parts, List<WorkerReport> workers, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted) {
        return merge(cfg, model, paced, openModel, parts, workers, warnings, notes, valid, interrupted, List.of());
    }

    /**
     * One result for the whole run, with the outages found in the merged intervals.
     *
     * @param outages found on the merged timeline (a worker's own outages are not merged)
     */
    public static RunResult merge(RunConfig cfg, org.openmark.load.LoadSpec model, boolean paced, boolean openModel,
            List<RunResult> parts, List<WorkerReport> workers, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted, List<org.openmark.measure.Outage> outages) {
        return merge(cfg, model, paced, openModel, parts, workers, warnings, notes, valid, interrupted, outages,
                spanOfLongest(parts));
    }

    /**
     * The span of parts that started together, when no coordinator measured it: the longest
     * part's, and the sums of what each part planned.
     */
    static Span spanOfLongest(List<RunResult> parts) {
        long start = Long.MAX_VALUE;
        long runtime = 0;
        double issue = 0;
        double scheduled = 0;
        double target = 0;
        long maxInFlight = 0;
        for (RunResult p : parts) {
            if (p.startEpochMs() > 0) {
                start = Math.min(start, p.startEpochMs());
            }
            runtime = Math.max(runtime, p.runtimeMs());
            ScheduleReport s = p.schedule();
            if (s != null) {
                issue = Math.max(issue, seconds(p.accounting().issued(), s.achievedRate()));
                scheduled = Math.max(scheduled, seconds(p.accounting().issued(), s.scheduledRate()));
                target += s.targetRate();
                maxInFlight += s.maxInFlight();
            }
        }
        return new Span(start == Long.MAX_VALUE ? 0 : start, runtime, issue, scheduled, target,
                (int) Math.min(Integer.MAX_VALUE, maxInFlight), 0, List.of());
    }

    /** How long {@code operations} at {@code perSecond} took (0 when the rate is not positive). */
    static double seconds(long operations, double perSecond) {
        return perSecond > 0 ? operations / perSecond : 0;
    }

    /**
     * One result for the whole run over the span its coordinator measured: throughput is the
     * operations completed after the warm-up over {@code span.runtimeMs()}, the achieved and
     * scheduled rates the operations issued over the issuing and scheduled spans, and the target and
     * in-flight bound the plan's.
     */
    public static RunResult merge(RunConfig cfg, org.openmark.load.LoadSpec model, boolean paced, boolean openModel,
            List<RunResult> parts, List<WorkerReport> workers, List<String> warnings, List<String> notes,
            boolean valid, boolean interrupted, List<org.openmark.measure.Outage> outages, Span span) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: no worker delivered a result");
        }
        Histogram unfinished = Measurements.newHistogram();
        Map<String, String> facts = new TreeMap<>();
        for (RunResult p : parts) {
            if (p.unfinishedLatency() != null) {
                unfinished.add(p.unfinishedLatency());
            }
            if (facts.isEmpty()) {
                facts.putAll(p.storeFacts());
            }
        }
        Accounting accounting = accounting(parts);
        double throughput = span.runtimeMs() > 0 ? accounting.completed() / (span.runtimeMs() / 1000.0) : 0;
        return new RunResult(OpenmarkVersion.current(), cfg.seed(), cfg.seedChosen(), cfg.phase(), model, paced,
                openModel, cfg.store(), facts, ResultBuilder.maskedConfig(cfg.recordedProperties()), span.startEpochMs(),
                span.runtimeMs(), throughput, operations(parts), accounting, schedule(parts, accounting, span),
                unfinished, warnings, notes, valid, interrupted, null, cfg.output().percentiles(),
                sections(parts, span.startEpochMs()), workers, outages, List.of(), cfg.output().form());
    }

    /** The merged sections: the reads of loaded records that found nothing, and why the store failed. */
    private static List<org.openmark.workload.ReportSection> sections(List<RunResult> parts, long startEpochMs) {
        List<org.openmark.workload.ReportSection> out = new java.util.ArrayList<>(missingRecords(parts, startEpochMs));
        out.addAll(org.openmark.measure.ErrorCauses.section(org.openmark.measure.ErrorCauses.merge(
                parts.stream().map(p -> org.openmark.measure.ErrorCauses.in(p.sections())).toList())));
        return out;
    }

    /**
     * The workers' reads of loaded records as one section, their times moved onto the run's axis
     * (each worker's verdict on them is already its warning); none when no worker kept one.
     */
    static List<org.openmark.workload.ReportSection> missingRecords(List<RunResult> parts, long startEpochMs) {
        List<org.openmark.workload.MissingRecords.Found> found = new java.util.ArrayList<>();
        List<Double> offsets = new java.util.ArrayList<>();
        boolean judged = false;
        for (RunResult p : parts) {
            org.openmark.workload.ReportSection s = org.openmark.workload.MissingRecords.sectionIn(p.sections());
            if (s != null) {
                found.add(org.openmark.workload.MissingRecords.found(s));
                offsets.add((p.startEpochMs() - startEpochMs) / 1000.0);
                judged |= org.openmark.workload.MissingRecords.judged(s);
            }
        }
        return found.isEmpty() ? List.of() : List.of(org.openmark.workload.MissingRecords.section(
                org.openmark.workload.MissingRecords.merge(found, offsets), judged));
    }

    private static List<OpResult> operations(List<RunResult> parts) {
        Map<String, List<OpResult>> byName = new TreeMap<>();
        for (RunResult p : parts) {
            for (OpResult op : p.operations()) {
                byName.computeIfAbsent(op.name(), k -> new ArrayList<>()).add(op);
            }
        }
        List<OpResult> out = new ArrayList<>();
        byName.forEach((name, ops) -> {
            Map<Status, Long> statuses = new EnumMap<>(Status.class);
            Map<Status, Histogram> response = new EnumMap<>(Status.class);
            Map<Status, Histogram> service = new EnumMap<>(Status.class);
            Histogram okResponse = Measurements.newHistogram();
            Histogram okService = Measurements.newHistogram();
            Histogram failedResponse = Measurements.newHistogram();
            Histogram failedService = Measurements.newHistogram();
            for (OpResult op : ops) {
                op.statuses().forEach((s, n) -> statuses.merge(s, n, Long::sum));
                op.byStatusResponse().forEach((s, h) -> response.computeIfAbsent(s, k -> Measurements.newHistogram()).add(h));
                op.byStatusService().forEach((s, h) -> service.computeIfAbsent(s, k -> Measurements.newHistogram()).add(h));
                okResponse.add(op.okResponse());
                okService.add(op.okService());
                failedResponse.add(op.failedResponse());
                failedService.add(op.failedService());
            }
            out.add(new OpResult(name, statuses, okResponse, okService, failedResponse, failedService, response,
                    service));
        });
        return out;
    }

    private static Accounting accounting(List<RunResult> parts) {
        long issued = 0;
        long warmUp = 0;
        long unfinished = 0;
        long dropped = 0;
        long lost = 0;
        Map<Status, Long> statuses = new EnumMap<>(Status.class);
        for (RunResult p : parts) {
            Accounting a = p.accounting();
            issued += a.issued();
            warmUp += a.warmUp();
            unfinished += a.unfinished();
            dropped += a.dropped();
            lost += a.lostWithWorker();
            a.statuses().forEach((s, n) -> statuses.merge(s, n, Long::sum));
        }
        return new Accounting(issued, warmUp, statuses, unfinished, dropped, lost);
    }

    /** The open model's schedule over every part: counts and send lag summed, rates over the span. */
    private static ScheduleReport schedule(List<RunResult> parts, Accounting accounting, Span span) {
        Histogram sendLag = Measurements.newHistogram();
        long waited = 0;
        double slotWaitMs = 0;
        long dropped = 0;
        int sessions = 0;
        boolean any = false;
        for (RunResult p : parts) {
            ScheduleReport s = p.schedule();
            if (s == null) {
                continue;
            }
            any = true;
            sendLag.add(s.sendLag());
            waited += s.waitedForSlot();
            slotWaitMs += s.slotWaitMs();
            dropped += s.dropped();
            sessions += s.sessions();
        }
        if (!any) {
            return null;
        }
        double achieved = span.issueSeconds() > 0 ? accounting.issued() / span.issueSeconds() : 0;
        double scheduled = span.scheduledSeconds() > 0 ? accounting.issued() / span.scheduledSeconds()
                : span.targetRate();
        return new ScheduleReport(span.targetRate(), scheduled, achieved, sendLag, waited, slotWaitMs, dropped,
                sessions, span.maxInFlight(), span.offeredRate(), span.offered());
    }
}
