package org.openmark.run;

import static org.openmark.run.RunProperties.MODEL;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openmark.api.PassedOnNames;
import org.openmark.config.Settings;
import org.openmark.config.Suggestions;

/**
 * What a run's properties alone are worth a line for, before anything runs: the notes (the closed
 * model chosen by YCSB's flags, YCSB's output properties openmark does not use, proportions that do
 * not sum to 1, the properties only a binding reads) and the warnings for properties nobody read.
 */
public final class ConfigNotes {
    /** YCSB's measurement type ({@code hdrhistogram}, {@code histogram}, …). */
    static final String MEASUREMENT_TYPE = YcsbMeasurement.TYPE;
    /** YCSB's switch for its per-operation .hdr files. */
    static final String HDR_FILE_OUTPUT = YcsbMeasurement.HDR_FILE_OUTPUT;

    private ConfigNotes() {
    }

    /**
     * What a run's configuration alone is worth a note for, in one process or over a cluster: the
     * closed model chosen by YCSB's flags, YCSB's measurement properties it does not use.
     */
    public static List<String> of(RunConfig cfg) {
        List<String> notes = new ArrayList<>();
        ModelReason reason = cfg.output().form().modelReason();
        if (cfg.phase() == Phase.RUN && cfg.model() instanceof Model.Closed && cfg.given(MODEL).isEmpty()) {
            notes.add(reason == ModelReason.YCSB_FORM
                    ? "closed model (YCSB compatible) because the store was named YCSB's way (-db or bin/ycsb's"
                            + " binding name) without a rate; --rate OPS runs the open model, which avoids coordinated"
                            + " omission"
                    : "closed model (YCSB compatible) because -threads/-target was given; --model open avoids"
                            + " coordinated omission");
        }
        unusedYcsbOutput(cfg).ifPresent(notes::add);
        if (cfg.phase() == Phase.RUN && cfg.workload() instanceof org.openmark.workload.CoreWorkloadConfig core) {
            core.proportionsNote().ifPresent(notes::add);
        }
        return notes;
    }

    /**
     * A note on YCSB's measurement properties that openmark does not follow: a measurement type whose
     * own figures (histogram buckets, raw values) it does not print, saying where its figures are
     * instead; and {@code hdrhistogram.fileoutput} with a type that, in YCSB too, writes no file. Empty
     * when there is nothing to say.
     */
    static java.util.Optional<String> unusedYcsbOutput(RunConfig cfg) {
        YcsbMeasurement ycsb = cfg.output().ycsb();
        List<String> unused = new ArrayList<>();
        if (ycsb.unusedType()) {
            unused.add(MEASUREMENT_TYPE + "=" + ycsb.type());
        }
        boolean filesAsked = cfg.settings().getBoolean(HDR_FILE_OUTPUT, false);
        if (filesAsked && ycsb.hdrFilePrefix() == null) {
            unused.add(HDR_FILE_OUTPUT + "=true (with " + MEASUREMENT_TYPE + "=" + ycsb.type() + " YCSB writes no"
                    + " .hdr file either)");
        }
        if (unused.isEmpty()) {
            return java.util.Optional.empty();
        }
        String dir = cfg.output().outDir() == null ? "DIR" : cfg.output().outDir().toString();
        return java.util.Optional.of("YCSB's " + String.join(" and ", unused) + (unused.size() > 1 ? " are" : " is")
                + " not used: openmark records every operation in HdrHistogram and prints percentiles; each"
                + " interval's figures are in " + dir + "/timeseries.csv and its histograms in " + dir
                + "/latency.hlog" + (cfg.output().outDir() == null ? " (with --out DIR)" : ""));
    }

    /**
     * For a store that gives every property to code of its own (a YCSB binding): the properties
     * openmark did not read which that code may use. Said once, so a misspelt name still shows.
     */
    static java.util.Optional<String> passedOn(Settings settings, PassedOnNames theirs) {
        Set<String> unread = new java.util.TreeSet<>(settings.unread());
        unread.removeIf(name -> !theirs.knows(name));
        return unread.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of("properties openmark does not"
                + " read, passed to the store's binding only: " + String.join(", ", unread));
    }

    /** Warnings for properties nobody read, with close matches. */
    public static List<String> unknownProperties(Settings settings) {
        return unknownProperties(settings, null);
    }

    /**
     * Warnings for properties nobody read, with close matches; with {@code theirs} (a store that passes
     * every property on), none for a name its code may read, and its names among the matches.
     */
    public static List<String> unknownProperties(Settings settings, PassedOnNames theirs) {
        List<String> known = new ArrayList<>(settings.askedNames());
        if (theirs != null) {
            known.addAll(theirs.names());
        }
        List<String> out = new ArrayList<>();
        for (String name : settings.unread()) {
            if (theirs != null && theirs.knows(name)) {
                continue;
            }
            List<String> close = Suggestions.closeMatches(name, known);
            out.add("unknown property '" + name + "' is ignored"
                    + (close.isEmpty() ? "" : " (did you mean " + close.get(0) + "?)"));
        }
        return out;
    }
}
