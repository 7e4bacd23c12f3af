package org.openmark.rating;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link RatingReport} as nested maps and lists of strings, numbers and booleans, ready for
 * any JSON writer (Jackson's {@code ObjectMapper.writeValueAsString}). Keys are stable; units are
 * in the names. The {@code rating} object always has {@code value} and {@code load} (null when
 * there is no rating), {@code lowerBound} (true when the search stopped early, see {@code stop}),
 * {@code experiments}, {@code uniqueExperiments}, {@code totalExperiments} and {@code repeatedExperiments}.
 */
public final class RatingReportJson {
    private RatingReportJson() {
    }

    /** The report as a JSON-ready map. */
    public static Map<String, Object> toMap(RatingReport report) {
        Map<String, Object> rating = new LinkedHashMap<>();
        rating.put("value", report.rating().map(r -> number(r.valueOpsPerSec())).orElse(null));
        rating.put("load", report.rating().map(RatingReport.Rating::load).orElse(null));
        rating.put("loadUnit", report.settings().loadUnit().label());
        rating.put("confirmed", report.rating().map(RatingReport.Rating::confirmed).orElse(false));
        rating.put("lowerBound", report.rating().isPresent() && report.stoppedEarly());
        rating.put("experiments", report.experiments().stream().map(RatingReportJson::experiment).toList());
        rating.put("uniqueExperiments", report.uniqueExperiments());
        rating.put("totalExperiments", report.totalExperiments());
        rating.put("repeatedExperiments", report.repeats());

        SearchSettings s = report.settings();
        Map<String, Object> search = new LinkedHashMap<>();
        search.put("strategy", s.strategy().label());
        search.put("climbFactor", number(s.climbFactor()));
        search.put("epsilon", number(s.epsilon()));
        search.put("startLoad", s.startLoad());
        search.put("maxLoad", s.maxLoad());
        search.put("climbOutcome", report.climbOutcome().name().toLowerCase(java.util.Locale.ROOT));

        TimeBreakdown t = report.time();
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("initialLoadSeconds", seconds(t.initialLoad()));
        time.put("reloads", t.reloads());
        time.put("reloadEachSeconds", seconds(t.reloadEach()));
        time.put("experiments", t.experiments());
        time.put("warmupSeconds", seconds(t.warmup()));
        time.put("experimentSeconds", seconds(t.experimentLength()));
        time.put("confirmations", t.confirmations());
        time.put("confirmationSeconds", seconds(t.confirmationLength()));
        time.put("totalSeconds", seconds(t.total()));

        Map<String, Object> root = new LinkedHashMap<>();
        root.put("rating", rating);
        root.put("sla", report.sla().toString());
        root.put("slaPercentile", number(report.sla().percentile()));
        root.put("search", search);
        root.put("confirmations", report.confirmations().stream().map(RatingReportJson::result).toList());
        root.put("reload", report.reload().toString());
        root.put("time", time);
        root.put("interrupted", report.stop().map(SearchStop::interrupted).orElse(false));
        root.put("stop", report.stop().map(RatingReportJson::stop).orElse(null));
        root.put("notes", List.copyOf(report.notes()));
        return root;
    }

    private static Map<String, Object> experiment(ExperimentRecord e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sequence", e.sequence());
        m.put("phase", e.phase());
        m.putAll(result(e.result()));
        m.put("memoHit", e.memoHit());
        m.put("repeat", e.repeat());
        return m;
    }

    private static Map<String, Object> stop(SearchStop s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("load", s.load() > 0 ? s.load() : null);
        m.put("reason", s.reason());
        m.put("generatorLimited", s.generatorLimited());
        m.put("interrupted", s.interrupted());
        return m;
    }

    private static Map<String, Object> result(ExperimentResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("load", r.loadLevel());
        m.put("throughputOpsPerSec", number(r.throughputOpsPerSec()));
        // As measured, also in an invalid experiment ("valid" says whether it counts); null when no
        // operation finished.
        m.put("slaLatencyUs", r.slaLatencyNanos() == Long.MAX_VALUE ? null : number(r.slaLatencyNanos() / 1e3));
        m.put("slaMet", r.slaMet());
        m.put("valid", r.valid());
        if (!r.valid()) {
            m.put("invalidReason", r.invalidReason());
        }
        m.put("durationSeconds", seconds(r.duration()));
        return m;
    }

    private static Number seconds(Duration d) {
        return number(d.toMillis() / 1000.0);
    }

    /** Whole values as longs (no "1.0E8" in the output), others rounded to 3 decimals. */
    private static Number number(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 9.0e15) {
            return (long) x;
        }
        return Math.rint(x * 1000) / 1000;
    }
}
