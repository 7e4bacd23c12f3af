package org.openmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Percentiles;
import org.openmark.run.Accounting;
import org.openmark.run.MeasurementInterval;
import org.openmark.run.ModelReason;
import org.openmark.run.OpResult;
import org.openmark.run.RunResult;
import org.openmark.run.ScheduleReport;

/**
 * The final text block in YCSB's line format ({@code [SECTION], Metric, value}), so scripts
 * written for YCSB keep working, followed by openmark's own sections (accounting, schedule).
 *
 * <p>How a line is added (the rule for every part that adds one): give its section, metric and value
 * ({@link ReportLine}); a number as the value makes it a measurement, printed as YCSB prints one; a
 * word or a sentence makes it a text line, printed behind {@code "# "}, which YCSB's parsers skip. A
 * measurement's section and metric never hold a comma. The report begins with text lines that say
 * which model ran, why, and what its latency blocks mean.
 *
 * <p>{@code [READ]} holds the latencies of OK outcomes and {@code [READ-FAILED]} of the rest,
 * as YCSB does. Under the open model these are response times (from the intended start) and
 * {@code [SERVICE-READ]} adds the service times; under the closed model {@code [READ]} is
 * YCSB's latency from the actual start and {@code [Intended-READ]} the latency from the intended
 * start, as YCSB's {@code measurement.interval} asks ({@link MeasurementInterval}).
 * {@code [VERIFY]} holds the checks of what reads returned ({@code dataintegrity}), timed apart
 * from the reads, every outcome in one block, as YCSB prints it.
 */
public final class YcsbTextReport {
    private YcsbTextReport() {
    }

    /** The store's facts as " (version 9.7.3, seed 1)", or nothing. */
    private static String facts(java.util.Map<String, String> facts) {
        if (facts.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(" (");
        facts.forEach((k, v) -> b.append(b.length() > 2 ? ", " : "").append(k).append(' ').append(v));
        return b.append(')').toString();
    }

    /** The whole block. */
    public static String render(RunResult r) {
        return YcsbExporter.TEXT.render(lines(r));
    }

    /** The whole block, line by line (what {@link YcsbExporter}s write). */
    public static List<ReportLine> lines(RunResult r) {
        List<ReportLine> b = new ArrayList<>();
        header(b, r);
        line(b, "OVERALL", "RunTime(ms)", String.valueOf(r.runtimeMs()));
        line(b, "OVERALL", "Throughput(ops/sec)", number(r.throughput()));
        MeasurementInterval interval = r.form().interval();
        for (OpResult op : r.operations()) {
            if (op.dataCheck()) {
                dataChecks(b, r, op);
            } else if (r.openModel()) {
                block(b, r, op.name(), op.okResponse(), op);
                failed(b, r, op, op.failedResponse());
                block(b, r, "SERVICE-" + op.name(), op.okService(), null);
            } else {
                if (interval.printsActual()) {
                    block(b, r, op.name(), op.okService(), op);
                    failed(b, r, op, op.failedService());
                } else {
                    statuses(b, op.name(), op); // YCSB counts the returns under the operation's name
                }
                if (intendedBlocks(r)) {
                    block(b, r, "Intended-" + op.name(), op.okResponse(), null);
                }
            }
        }
        accounting(b, r.accounting());
        if (r.schedule() != null) {
            schedule(b, r.schedule());
            b.add(ReportLine.comment("[SCHEDULE] SendLag: how long after its intended start each operation was"
                    + " sent, over the whole measured time. The generator's verdict (--max-send-lag) leaves out the"
                    + " first second of a phase of 5 s or more and the intervals in which the store was failing or"
                    + " backing up, so a warning's send-lag p99 can differ from SendLag99th."));
        }
        if (r.unfinishedLatency() != null && r.unfinishedLatency().getTotalCount() > 0) {
            block(b, r, "UNFINISHED", r.unfinishedLatency(), null);
        }
        for (var section : r.sections()) {
            for (String l : section.textLines()) {
                b.add(ReportLine.parse(l));
            }
        }
        if (r.validation() != null) {
            for (String l : r.validation().textLines()) {
                b.add(ReportLine.parse(l));
            }
        }
        line(b, "RUN", "Seed", String.valueOf(r.seed()));
        if (r.seedChosen()) {
            line(b, "RUN", "SeedChosen", "replay with --seed " + r.seed());
        }
        line(b, "RUN", "Model", r.model().display());
        line(b, "RUN", "Store", r.store() + facts(r.storeFacts()));
        line(b, "RUN", "Valid", String.valueOf(r.valid()));
        if (r.interrupted()) {
            line(b, "RUN", "Interrupted", "true");
        }
        for (org.openmark.measure.Outage o : r.outages()) {
            line(b, "OUTAGE", o.describe(), o.kind() == org.openmark.measure.Outage.Kind.STALL
                    ? o.operations() + " operations held up" : o.operations() + " operations failed");
        }
        for (org.openmark.event.EventOutcome e : r.events()) {
            line(b, "EVENT", e.spec().toString(), event(e));
        }
        for (org.openmark.run.WorkerReport w : r.workers()) {
            Histogram lag = w.sendLag();
            line(b, "WORKER", w.name(), String.format(java.util.Locale.ROOT,
                    "%s share %s, issued %d, %s ops/s%s%s, clock offset %d us, valid %s%s", w.address(), w.share(),
                    w.issued(), number(w.achievedRate()),
                    lag.getTotalCount() == 0 ? "" : ", send-lag p99 " + lag.getValueAtPercentile(99) + " us",
                    w.cpuPercent() < 0 ? "" : String.format(java.util.Locale.ROOT, ", CPU %.0f%%", w.cpuPercent()),
                    w.clockOffsetMicros(), w.valid(),
                    w.lost() ? String.format(java.util.Locale.ROOT, ", LOST after %.1f s", w.lostAfterMs() / 1000.0)
                            : w.stopReason() != null && w.endedAfterMs() >= 0 ? String.format(java.util.Locale.ROOT,
                                    ", STOPPED at %.1f s: %s", w.endedAfterMs() / 1000.0, w.stopReason()) : ""));
        }
        for (String n : r.notes()) {
            line(b, "NOTE", n.replace('\n', ' '), "");
        }
        for (String w : r.warnings()) {
            line(b, "WARNING", w.replace('\n', ' '), "");
        }
        return b;
    }

    /** A paced closed run prints the latency from the intended start when measurement.interval asks for it. */
    private static boolean intendedBlocks(RunResult r) {
        MeasurementInterval interval = r.form().interval();
        return interval == MeasurementInterval.INTENDED || interval.printsIntended() && r.paced();
    }

    /**
     * The report's first lines: which model ran and why, how to get the other, and what the latency
     * blocks mean in this run, where a YCSB user would otherwise read them with YCSB's meaning.
     */
    private static void header(List<ReportLine> b, RunResult r) {
        ModelReason reason = r.form().modelReason();
        String model = r.model() == null ? (r.openModel() ? "open" : "closed") : r.model().display();
        b.add(ReportLine.comment("openmark: " + (r.openModel() ? "the open model, " : "YCSB's closed model, ")
                + model + (reason == null ? "" : ": " + reason.describe()) + "."));
        if (reason == ModelReason.YCSB_FORM) {
            b.add(ReportLine.comment("For the open model (operations sent at their intended times whatever the"
                    + " store does, no coordinated omission) give --rate OPS; for the highest rate the store"
                    + " sustains within a latency SLA run bin/openmark rate."));
        } else if (reason == ModelReason.OPENMARK_DEFAULT) {
            b.add(ReportLine.comment("For YCSB's closed model give -threads N (and -target OPS to pace it); for the"
                    + " highest rate the store sustains within a latency SLA run bin/openmark rate."));
        }
        String op = r.operations().isEmpty() ? "READ" : r.operations().get(0).name();
        if (r.openModel()) {
            b.add(ReportLine.comment("[" + op + "] and the other operations' blocks are response times: from each"
                    + " operation's intended start to its answer, any wait before it was sent included. [SERVICE-"
                    + op + "] is from its actual start: what [" + op + "] means in YCSB's closed model."));
        } else {
            MeasurementInterval interval = r.form().interval();
            String actual = "[" + op + "] and the other operations' blocks are YCSB's latencies: from each"
                    + " operation's actual start to its answer; a client thread waits for each answer, so time"
                    + " its next operation spent waiting to be sent is not in them (coordinated omission).";
            String intended = "[Intended-" + op + "] is from each operation's intended start"
                    + (r.paced() ? " on the -target schedule" : " (without -target the same as its actual start)")
                    + ", the wait included (measurement.interval=" + interval.word() + ").";
            boolean withIntended = intendedBlocks(r);
            b.add(ReportLine.comment(interval.printsActual() ? actual + (withIntended ? " " + intended : "")
                    : intended));
        }
    }

    private static void statuses(List<ReportLine> b, String name, OpResult op) {
        for (Map.Entry<Status, Long> e : op.statuses().entrySet()) {
            line(b, name, "Return=" + e.getKey().name(), String.valueOf(e.getValue()));
        }
    }

    private static String event(org.openmark.event.EventOutcome e) {
        if (Double.isNaN(e.startSeconds())) {
            return e.note();
        }
        String started = String.format(java.util.Locale.ROOT, "started at %.1f s", e.startSeconds());
        String recovery = (e.recovery() == null ? "" : "; " + e.recovery().describe(e.startSeconds()))
                + e.nodes().stream().map(n -> "; " + n.describe()).collect(java.util.stream.Collectors.joining());
        if (Double.isNaN(e.endSeconds())) {
            return started + ", " + e.note() + recovery;
        }
        return started + String.format(java.util.Locale.ROOT, ", ended at %.1f s", e.endSeconds())
                + (e.exitCode() != null ? ", exit code " + e.exitCode() : "") + (e.note() != null ? ", " + e.note() : "")
                + recovery;
    }


    /**
     * YCSB's {@code [VERIFY]} block: the checks' own times whatever their outcome, and their
     * {@code Return=} counts; no -FAILED, SERVICE- or Intended- block, as YCSB measures VERIFY once.
     */
    private static void dataChecks(List<ReportLine> b, RunResult r, OpResult op) {
        Histogram all = op.okService().copy();
        all.add(op.failedService());
        block(b, r, op.name(), all, op);
    }

    private static void failed(List<ReportLine> b, RunResult r, OpResult op, Histogram h) {
        if (h.getTotalCount() > 0) {
            block(b, r, op.name() + "-FAILED", h, null);
        }
    }

    private static void block(List<ReportLine> b, RunResult r, String name, Histogram h, OpResult statuses) {
        boolean empty = h.getTotalCount() == 0;
        line(b, name, "Operations", String.valueOf(h.getTotalCount()));
        line(b, name, "AverageLatency(us)", empty ? "0.0" : number(h.getMean()));
        line(b, name, "MinLatency(us)", String.valueOf(empty ? 0 : h.getMinValue()));
        line(b, name, "MaxLatency(us)", String.valueOf(empty ? 0 : h.getMaxValue()));
        for (double p : r.percentiles()) {
            line(b, name, Percentiles.ycsbName(p) + "PercentileLatency(us)",
                    String.valueOf(empty ? 0 : h.getValueAtPercentile(p)));
        }
        if (statuses != null) {
            statuses(b, name, statuses);
        }
    }

    private static void accounting(List<ReportLine> b, Accounting a) {
        line(b, "ACCOUNTING", "Issued", String.valueOf(a.issued()));
        line(b, "ACCOUNTING", "WarmUp", String.valueOf(a.warmUp()));
        for (Map.Entry<Status, Long> e : a.statuses().entrySet()) {
            line(b, "ACCOUNTING", e.getKey().name(), String.valueOf(e.getValue()));
        }
        line(b, "ACCOUNTING", "Unfinished", String.valueOf(a.unfinished()));
        if (a.lostWithWorker() > 0) {
            line(b, "ACCOUNTING", "LostWithWorker", String.valueOf(a.lostWithWorker()));
        }
        line(b, "ACCOUNTING", "AddsUp", String.valueOf(a.addsUp()));
        if (a.dropped() > 0) {
            line(b, "ACCOUNTING", "Dropped(not issued)", String.valueOf(a.dropped()));
        }
    }

    private static void schedule(List<ReportLine> b, ScheduleReport s) {
        line(b, "SCHEDULE", "TargetRate(ops/sec)", number(s.targetRate()));
        line(b, "SCHEDULE", "ScheduledRate(ops/sec)", number(s.scheduledRate()));
        line(b, "SCHEDULE", "AchievedRate(ops/sec)", number(s.achievedRate()));
        Histogram lag = s.sendLag();
        boolean empty = lag.getTotalCount() == 0;
        line(b, "SCHEDULE", "SendLag50th(us)", String.valueOf(empty ? 0 : lag.getValueAtPercentile(50)));
        line(b, "SCHEDULE", "SendLag99th(us)", String.valueOf(empty ? 0 : lag.getValueAtPercentile(99)));
        line(b, "SCHEDULE", "SendLag99.9(us)", String.valueOf(empty ? 0 : lag.getValueAtPercentile(99.9)));
        line(b, "SCHEDULE", "SendLagMax(us)", String.valueOf(empty ? 0 : lag.getMaxValue()));
        org.openmark.run.MachineFloor floor = s.machineFloor();
        if (floor.measured()) {
            // The machine's own wake-up floor beside the send lag: was the machine or the harness late?
            line(b, "SCHEDULE", "MachineFloorSendLag50th(us)", String.valueOf(floor.p50Micros()));
            line(b, "SCHEDULE", "MachineFloorSendLag99th(us)", String.valueOf(floor.p99Micros()));
            line(b, "SCHEDULE", "MachineFloorSendLagMax(us)", String.valueOf(floor.maxMicros()));
        }
        line(b, "SCHEDULE", "WaitedForSlot", String.valueOf(s.waitedForSlot()));
        line(b, "SCHEDULE", "Dropped", String.valueOf(s.dropped()));
        line(b, "SCHEDULE", "Sessions", String.valueOf(s.sessions()));
        for (org.openmark.run.OfferedChange c : s.offered()) {
            line(b, "SCHEDULE", String.format(java.util.Locale.ROOT, "OfferedFrom%.1fs(ops/sec)", c.fromSeconds()),
                    number(c.ratePerSec()));
        }
        if (!s.offered().isEmpty()) {
            line(b, "SCHEDULE", "OfferedRate(ops/sec)", number(s.offeredRate()));
        }
    }

    private static void line(List<ReportLine> b, String section, String metric, String value) {
        b.add(new ReportLine(section, metric, value));
    }

    /** YCSB prints doubles with Java's default formatting. */
    static String number(double v) {
        return String.valueOf(Math.round(v * 1000) / 1000.0).toLowerCase(Locale.ROOT);
    }
}
