package org.openmark.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.HistogramCodec;
import org.openmark.measure.Percentiles;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.RunResult;
import org.openmark.run.ScheduleReport;

/**
 * {@code result.json}: the machine-readable result. Schema (documented in docs/results.md):
 * openmarkVersion, runId, seed, phase, model (display text), load (the model's fields), modelReason (why
 * that model: a word, absent when not known), store, storeFacts, config, startEpochMs, runtimeMs, throughput,
 * operations{NAME: {count, statuses, latencyUs, serviceTimeUs, histograms{response{STATUS},
 * service{STATUS}}}}, accounting, schedule, warnings, notes, valid, interrupted, validation, and for a
 * run spread over several processes workers[].
 * Latency figures are microseconds; {@code latencyUs} is always measured from the intended
 * start (response time), {@code serviceTimeUs} from the actual start.
 */
public final class JsonReport {
    /** Version of the result.json layout; bumped when a field changes meaning. */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    /** The JSON text. */
    public static String render(RunResult r) {
        try {
            return MAPPER.writeValueAsString(toMap(r)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render result.json", e);
        }
    }

    /** The result as nested maps (for embedding in other documents). */
    public static Map<String, Object> toMap(RunResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schemaVersion", SCHEMA_VERSION);
        m.put("openmarkVersion", r.openmarkVersion());
        m.put("runId", org.openmark.output.RunId.of(r.startEpochMs(), r.seed()));
        m.put("seed", r.seed());
        m.put("phase", r.phase().name().toLowerCase(java.util.Locale.ROOT));
        m.put("model", r.model().display());
        m.put("load", r.model().toMap());
        if (r.form().modelReason() != null) {
            m.put("modelReason", r.form().modelReason().word());
        }
        m.put("store", r.store());
        m.put("storeFacts", new java.util.TreeMap<>(r.storeFacts()));
        m.put("config", new java.util.TreeMap<>(r.config()));
        m.put("startEpochMs", r.startEpochMs());
        m.put("runtimeMs", r.runtimeMs());
        m.put("throughput", Percentiles.round(r.throughput()));
        Map<String, Object> ops = new LinkedHashMap<>();
        for (OpResult op : r.operations()) {
            ops.put(op.name(), operation(op));
        }
        m.put("operations", ops);
        m.put("accounting", accounting(r.accounting()));
        m.put("schedule", r.schedule() == null ? null : schedule(r.schedule()));
        m.put("unfinishedLatencyUs", r.unfinishedLatency() == null ? null : Percentiles.summary(r.unfinishedLatency()));
        m.put("warnings", r.warnings());
        m.put("notes", r.notes());
        m.put("valid", r.valid());
        m.put("interrupted", r.interrupted());
        m.put("validation", r.validation() == null ? null : validation(r));
        Map<String, Object> sections = new LinkedHashMap<>();
        r.sections().forEach(sec -> sections.put(sec.name(), sec.values()));
        m.put("sections", sections);
        m.put("outages", r.outages().stream().map(JsonReport::outage).toList());
        if (!r.workers().isEmpty()) {
            m.put("workers", r.workers().stream().map(JsonReport::worker).toList());
        }
        if (!r.events().isEmpty()) {
            m.put("events", r.events().stream().map(JsonReport::event).toList());
        }
        return m;
    }

    /** One action during the run; times in seconds from the phase's start (AT from the measured start), null when it did not happen. */
    private static Map<String, Object> event(org.openmark.event.EventOutcome e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("atSeconds", Percentiles.round(e.spec().at().toNanos() / 1e9));
        m.put("command", e.spec().command());
        m.put("startSeconds", Double.isNaN(e.startSeconds()) ? null : Percentiles.round(e.startSeconds()));
        m.put("endSeconds", Double.isNaN(e.endSeconds()) ? null : Percentiles.round(e.endSeconds()));
        m.put("exitCode", e.exitCode());
        m.put("output", e.output());
        m.put("note", e.note());
        if (e.recovery() != null) {
            m.put("recovery", recovery(e.recovery(), e.startSeconds()));
        }
        if (!e.nodes().isEmpty()) {
            m.put("nodes", e.nodes().stream().map(JsonReport::node).toList());
        }
        return m;
    }

    /** What one node did after an event ({@link org.openmark.event.NodeChange}); null for what did not happen. */
    private static Map<String, Object> node(org.openmark.event.NodeChange c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("node", c.node());
        m.put("stateBefore", c.stateBefore().isEmpty() ? null : c.stateBefore());
        m.put("states", c.states().stream().map(s -> {
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("state", s.state());
            st.put("atSeconds", Percentiles.round(s.atSeconds()));
            return st;
        }).toList());
        m.put("servingFromSeconds", finite(c.servingFromSeconds()));
        m.put("stoppedServingSeconds", finite(c.stoppedServingSeconds()));
        m.put("shareAtEnd", finite(c.shareAtEnd()));
        m.put("tableBytesAtEnd", c.tableBytesAtEnd() < 0 ? null : c.tableBytesAtEnd());
        m.put("summary", c.describe());
        return m;
    }

    /** How latency answered an event ({@link org.openmark.event.Recovery}); null for what is unknown. */
    private static Map<String, Object> recovery(org.openmark.event.Recovery r, double startSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("levelP99Us", finite(r.levelUs()));
        m.put("bandP99Us", finite(r.bandUs()));
        m.put("peakP99Us", finite(r.peakUs()));
        m.put("peakAtSeconds", finite(r.peakAtSeconds()));
        m.put("disturbed", r.disturbed());
        m.put("backAtSeconds", finite(r.backAtSeconds()));
        m.put("backAfterSeconds", finite(r.afterSeconds(startSeconds)));
        m.put("resolutionSeconds", finite(r.resolutionSeconds()));
        m.put("levelIntervals", r.beforeIntervals());
        m.put("note", r.note());
        m.put("summary", r.describe(startSeconds));
        return m;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? Percentiles.round(v) : null;
    }

    private static Map<String, Object> outage(org.openmark.measure.Outage o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", o.kind().name().toLowerCase(java.util.Locale.ROOT));
        m.put("fromSeconds", Percentiles.round(o.fromSeconds()));
        m.put("toSeconds", Percentiles.round(o.toSeconds()));
        Map<String, Long> statuses = new LinkedHashMap<>();
        new java.util.TreeMap<>(o.statuses()).forEach((s, n) -> statuses.put(s.name(), n));
        m.put("statuses", statuses);
        m.put("operations", o.operations());
        return m;
    }

    private static Map<String, Object> worker(org.openmark.run.WorkerReport w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", w.name());
        m.put("address", w.address());
        m.put("share", w.share());
        m.put("issued", w.issued());
        m.put("targetRate", Percentiles.round(w.targetRate()));
        m.put("achievedRate", Percentiles.round(w.achievedRate()));
        Histogram lag = w.sendLag();
        Map<String, Object> lagUs = new LinkedHashMap<>();
        boolean empty = lag.getTotalCount() == 0;
        lagUs.put("p50", empty ? 0 : lag.getValueAtPercentile(50));
        lagUs.put("p99", empty ? 0 : lag.getValueAtPercentile(99));
        lagUs.put("p999", empty ? 0 : lag.getValueAtPercentile(99.9));
        lagUs.put("max", empty ? 0 : lag.getMaxValue());
        m.put("sendLagUs", lagUs);
        m.put("cpuPercent", w.cpuPercent() < 0 ? null : Percentiles.round(w.cpuPercent()));
        m.put("clockOffsetUs", w.clockOffsetMicros());
        m.put("roundTripUs", w.roundTripMicros());
        m.put("valid", w.valid());
        m.put("lost", w.lost());
        m.put("lostAfterMs", w.lost() ? w.lostAfterMs() : null);
        m.put("endedAfterMs", w.endedAfterMs() < 0 ? null : w.endedAfterMs());
        m.put("stopReason", w.stopReason());
        m.put("warnings", w.warnings());
        return m;
    }

    private static Map<String, Object> validation(RunResult r) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("passed", r.validation().passed());
        v.putAll(r.validation().values());
        return v;
    }

    private static Map<String, Object> operation(OpResult op) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("count", op.count());
        Map<String, Long> statuses = new LinkedHashMap<>();
        op.statuses().forEach((s, n) -> statuses.put(s.name(), n));
        o.put("statuses", statuses);
        o.put("latencyUs", Percentiles.summary(op.okResponse()));
        o.put("serviceTimeUs", Percentiles.summary(op.okService()));
        if (op.failedResponse().getTotalCount() > 0) {
            o.put("failedLatencyUs", Percentiles.summary(op.failedResponse()));
        }
        Map<String, Object> hist = new LinkedHashMap<>();
        hist.put("response", encoded(op.byStatusResponse()));
        hist.put("service", encoded(op.byStatusService()));
        o.put("histograms", hist);
        return o;
    }

    private static Map<String, String> encoded(Map<Status, Histogram> byStatus) {
        Map<String, String> m = new LinkedHashMap<>();
        byStatus.forEach((s, h) -> m.put(s.name(), HistogramCodec.encode(h)));
        return m;
    }

    private static Map<String, Object> accounting(Accounting a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("issued", a.issued());
        m.put("warmUp", a.warmUp());
        m.put("ok", a.statuses().getOrDefault(Status.OK, 0L));
        m.put("errors", a.errors() - a.statuses().getOrDefault(Status.TIMEOUT, 0L));
        m.put("timeouts", a.statuses().getOrDefault(Status.TIMEOUT, 0L));
        m.put("unfinished", a.unfinished());
        m.put("dropped", a.dropped());
        if (a.lostWithWorker() > 0) {
            m.put("lostWithWorker", a.lostWithWorker());
        }
        Map<String, Long> statuses = new LinkedHashMap<>();
        a.statuses().forEach((s, n) -> statuses.put(s.name(), n));
        m.put("statuses", statuses);
        m.put("addsUp", a.addsUp());
        return m;
    }

    private static Map<String, Object> schedule(ScheduleReport s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("targetRate", Percentiles.round(s.targetRate()));
        m.put("scheduledRate", Percentiles.round(s.scheduledRate()));
        m.put("achievedRate", Percentiles.round(s.achievedRate()));
        Map<String, Number> lag = new LinkedHashMap<>();
        Histogram h = s.sendLag();
        boolean empty = h.getTotalCount() == 0;
        lag.put("p50", empty ? 0 : h.getValueAtPercentile(50));
        lag.put("p99", empty ? 0 : h.getValueAtPercentile(99));
        lag.put("p999", empty ? 0 : h.getValueAtPercentile(99.9));
        lag.put("max", empty ? 0 : h.getMaxValue());
        m.put("sendLagUs", lag);
        m.put("waitedForSlot", s.waitedForSlot());
        m.put("slotWaitMs", Percentiles.round(s.slotWaitMs()));
        m.put("dropped", s.dropped());
        m.put("sessions", s.sessions());
        m.put("maxInFlight", s.maxInFlight());
        m.put("machineFloor", machineFloor(s.machineFloor()));
        if (!s.offered().isEmpty()) {
            // A cluster run whose workers did not all run to the end: what it offered instead of the plan.
            m.put("offeredRate", Percentiles.round(s.offeredRate()));
            m.put("offered", s.offered().stream().map(JsonReport::offered).toList());
        }
        return m;
    }

    /** The machine's own wake-up floor beside the send lag, or why it was not measured. */
    private static Map<String, Object> machineFloor(org.openmark.run.MachineFloor f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("measured", f.measured());
        if (!f.measured()) {
            m.put("why", f.why());
            return m;
        }
        m.put("ratePerSec", Percentiles.round(f.ratePerSec()));
        m.put("seconds", Percentiles.round(f.seconds()));
        m.put("arrivals", f.arrivals());
        Map<String, Number> lag = new LinkedHashMap<>();
        lag.put("p50", f.p50Micros());
        lag.put("p99", f.p99Micros());
        lag.put("max", f.maxMicros());
        m.put("sendLagUs", lag);
        m.put("p99BeforeUs", f.p99BeforeMicros());
        if (f.p99AfterMicros() >= 0) {
            m.put("p99AfterUs", f.p99AfterMicros());
        }
        return m;
    }

    private static Map<String, Object> offered(org.openmark.run.OfferedChange c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("fromSeconds", Percentiles.round(c.fromSeconds()));
        m.put("workers", c.workers());
        m.put("of", c.of());
        m.put("ratePerSec", Percentiles.round(c.ratePerSec()));
        m.put("why", c.why());
        return m;
    }
}
