package org.openmark.cluster.protocol;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.load.LoadSpec;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.run.ScheduleReport;

/**
 * A worker's {@link RunResult} on the wire, lossless for everything a merge needs: every
 * histogram per operation and status, the accounting, the schedule's figures and send lag, the
 * unfinished operations, the warnings and the verdict, and the reads of loaded records that found
 * nothing (merged into one section), and why the store failed (merged by cause). (A workload's
 * validation and its other report sections stay with the worker.)
 */
public record ResultWire(String openmarkVersion, long seed, boolean seedChosen, String phase, LoadSpec model,
        boolean paced, boolean openModel, String store, Map<String, String> storeFacts, Map<String, String> config,
        long startEpochMs, long runtimeMs, double throughput, List<OperationWire> operations, AccountingWire accounting,
        ScheduleWire schedule, byte[] unfinished, List<String> warnings, List<String> notes, boolean valid,
        boolean interrupted, List<Double> percentiles, MissingWire missingRecords, List<CauseWire> errorCauses) {

    /** {@link org.openmark.measure.ErrorCauses.Cause}: why {@code count} operations failed. */
    public record CauseWire(String op, String status, String why, long count) {
    }

    /** {@link org.openmark.workload.MissingRecords.Found}, and whether it was judged; null when not kept. */
    public record MissingWire(boolean judged, long checked, long missing, double firstAtSeconds, double lastAtSeconds,
            List<String> keys) {
    }

    /** One operation: counts and both latency histograms per status. */
    public record OperationWire(String name, Map<String, Long> statuses, Map<String, byte[]> response,
            Map<String, byte[]> service) {
    }

    /** {@link Accounting} with statuses by name. */
    public record AccountingWire(long issued, long warmUp, Map<String, Long> statuses, long unfinished, long dropped,
            long lostWithWorker) {
    }

    /** {@link ScheduleReport}. */
    public record ScheduleWire(double targetRate, double scheduledRate, double achievedRate, byte[] sendLag,
            long waitedForSlot, double slotWaitMs, long dropped, int sessions, int maxInFlight) {
    }

    public static ResultWire of(RunResult r) {
        List<OperationWire> ops = new ArrayList<>();
        for (OpResult op : r.operations()) {
            ops.add(new OperationWire(op.name(), names(op.statuses()), encode(op.byStatusResponse()),
                    encode(op.byStatusService())));
        }
        Accounting a = r.accounting();
        ScheduleReport s = r.schedule();
        return new ResultWire(r.openmarkVersion(), r.seed(), r.seedChosen(), r.phase().name(), r.model(), r.paced(),
                r.openModel(), r.store(), new TreeMap<>(r.storeFacts()), new TreeMap<>(r.config()), r.startEpochMs(),
                r.runtimeMs(), r.throughput(), ops,
                new AccountingWire(a.issued(), a.warmUp(), names(a.statuses()), a.unfinished(), a.dropped(),
                        a.lostWithWorker()),
                s == null ? null : new ScheduleWire(s.targetRate(), s.scheduledRate(), s.achievedRate(),
                        HistogramBytes.encode(s.sendLag()), s.waitedForSlot(), s.slotWaitMs(), s.dropped(),
                        s.sessions(), s.maxInFlight()),
                HistogramBytes.encode(r.unfinishedLatency() == null ? Measurements.newHistogram() : r.unfinishedLatency()),
                List.copyOf(r.warnings()), List.copyOf(r.notes()), r.valid(), r.interrupted(),
                List.copyOf(r.percentiles()), missing(r), org.openmark.measure.ErrorCauses.in(r.sections()).stream()
                        .map(c -> new CauseWire(c.op(), c.status().name(), c.why(), c.count())).toList());
    }

    private static MissingWire missing(RunResult r) {
        org.openmark.workload.ReportSection s = org.openmark.workload.MissingRecords.sectionIn(r.sections());
        if (s == null) {
            return null;
        }
        org.openmark.workload.MissingRecords.Found f = org.openmark.workload.MissingRecords.found(s);
        return new MissingWire(org.openmark.workload.MissingRecords.judged(s), f.checked(), f.missing(),
                f.firstAtSeconds(), f.lastAtSeconds(), f.keys());
    }

    /** The result again, its start moved by {@code shiftMillis} (into the coordinator's clock). */
    public RunResult toRunResult(long shiftMillis) {
        List<OpResult> ops = new ArrayList<>();
        for (OperationWire w : operations) {
            Map<Status, Histogram> response = decode(w.response());
            Map<Status, Histogram> service = decode(w.service());
            ops.add(new OpResult(w.name(), statuses(w.statuses()), sum(response, true), sum(service, true),
                    sum(response, false), sum(service, false), response, service));
        }
        Accounting a = new Accounting(accounting.issued(), accounting.warmUp(), statuses(accounting.statuses()),
                accounting.unfinished(), accounting.dropped(), accounting.lostWithWorker());
        ScheduleReport s = schedule == null ? null : new ScheduleReport(schedule.targetRate(),
                schedule.scheduledRate(), schedule.achievedRate(), HistogramBytes.decode(schedule.sendLag()),
                schedule.waitedForSlot(), schedule.slotWaitMs(), schedule.dropped(), schedule.sessions(),
                schedule.maxInFlight());
        return new RunResult(openmarkVersion, seed, seedChosen, Phase.valueOf(phase), model, paced, openModel, store,
                storeFacts, config, startEpochMs + shiftMillis, runtimeMs, throughput, ops, a, s,
                HistogramBytes.decode(unfinished), warnings, notes, valid, interrupted, null, percentiles,
                sections());
    }

    /** The sections the wire carries: the reads of loaded records that found nothing, why the store failed. */
    private List<org.openmark.workload.ReportSection> sections() {
        List<org.openmark.workload.ReportSection> out = new ArrayList<>();
        if (missingRecords != null) {
            out.add(org.openmark.workload.MissingRecords.section(new org.openmark.workload.MissingRecords.Found(
                    missingRecords.checked(), missingRecords.missing(), missingRecords.firstAtSeconds(),
                    missingRecords.lastAtSeconds(), missingRecords.keys()), missingRecords.judged()));
        }
        if (errorCauses != null) {
            out.addAll(org.openmark.measure.ErrorCauses.section(errorCauses.stream().map(c ->
                    new org.openmark.measure.ErrorCauses.Cause(c.op(), Status.valueOf(c.status()), c.why(), c.count()))
                    .toList()));
        }
        return out;
    }

    /** Counts per status on the wire: by the status's name. */
    static Map<String, Long> names(Map<Status, Long> byStatus) {
        Map<String, Long> m = new TreeMap<>();
        byStatus.forEach((s, n) -> m.put(s.name(), n));
        return m;
    }

    /** Counts per status from the wire. */
    static Map<Status, Long> statuses(Map<String, Long> byName) {
        Map<Status, Long> m = new EnumMap<>(Status.class);
        byName.forEach((s, n) -> m.put(Status.valueOf(s), n));
        return m;
    }

    private static Map<String, byte[]> encode(Map<Status, Histogram> byStatus) {
        Map<String, byte[]> m = new TreeMap<>();
        byStatus.forEach((s, h) -> m.put(s.name(), HistogramBytes.encode(h)));
        return m;
    }

    private static Map<Status, Histogram> decode(Map<String, byte[]> byName) {
        Map<Status, Histogram> m = new EnumMap<>(Status.class);
        byName.forEach((s, b) -> m.put(Status.valueOf(s), HistogramBytes.decode(b)));
        return m;
    }

    private static Histogram sum(Map<Status, Histogram> byStatus, boolean ok) {
        Histogram h = Measurements.newHistogram();
        byStatus.forEach((s, x) -> {
            if (s.isOk() == ok) {
                h.add(x);
            }
        });
        return h;
    }
}
