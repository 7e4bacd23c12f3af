package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What makes two runs hard to compare, as warnings: the runs did different work (another store,
 * load model, workload, rate, duration, clock or warm-up: a difference may not be the store's), a
 * run is not valid (its figures are not evidence), data is missing ({@link Comparison} adds
 * those), or a note (another openmark or store version, another granularity: worth knowing, and
 * often the point of the comparison).
 */
public final class Comparability {
    static final String OPENMARK_VERSION = "openmarkVersion";
    static final String STORE_VERSION = "store version";
    static final String TIME = org.openmark.run.RunProperties.TIME;
    static final String WARMUP = org.openmark.run.RunProperties.WARMUP;
    static final String GRANULARITY = org.openmark.run.RunProperties.GRANULARITY;

    private Comparability() {
    }

    /** The kind of a warning: whether the comparison's gate can still judge. */
    public enum Kind {
        /** The runs did different work. */
        DIFFERENT_WORK,
        /** A run is not valid. */
        INVALID_RUN,
        /** An operation could not be compared: it ended OK in one run only. */
        MISSING_OPERATION,
        /** Figures are shown, not tested: too few intervals or operations. */
        UNTESTED,
        /** Worth knowing; the runs still compare. */
        NOTE
    }

    /** One warning. */
    public record Warning(Kind kind, String text) {
    }

    /**
     * The warnings for {@code candidate} against {@code baseline}: their first runs' facts, every
     * run of a side against its first (a side's runs must have done the same work), and every run's
     * verdict.
     */
    public static List<Warning> of(Side baseline, Side candidate) {
        List<Warning> out = new ArrayList<>(differences(baseline.first(), candidate.first()));
        for (Side side : List.of(baseline, candidate)) {
            for (RunData r : side.runs().subList(1, side.runs().size())) {
                out.addAll(differences(side.first(), r));
            }
        }
        for (Side side : List.of(baseline, candidate)) {
            String role = side == baseline ? "the baseline " : "the candidate ";
            for (RunData r : side.runs()) {
                if (!r.valid()) {
                    out.add(new Warning(Kind.INVALID_RUN, role + r.name() + " is not a valid run (see its"
                            + " result.json's warnings): its figures are not evidence"));
                }
            }
        }
        return out;
    }

    /** What {@code b} did differently from {@code a}. */
    private static List<Warning> differences(RunData a, RunData b) {
        List<Warning> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(a.facts().keySet());
        keys.addAll(b.facts().keySet());
        for (String k : keys) {
            String x = a.facts().get(k);
            String y = b.facts().get(k);
            if (Objects.equals(x, y)) {
                continue;
            }
            String both = String.format("%s differs: %s in %s, %s in %s", k, x == null ? "(not recorded)" : x,
                    a.name(), y == null ? "(not recorded)" : y, b.name());
            out.add(switch (k) {
                case OPENMARK_VERSION -> new Warning(Kind.NOTE, both + " — a difference may be the tool's");
                case STORE_VERSION -> new Warning(Kind.NOTE, both + " — the store's engines differ");
                case GRANULARITY -> new Warning(Kind.NOTE, both + " — each run is tested on its own intervals;"
                        + " the plots over time differ in resolution");
                case TIME -> new Warning(Kind.DIFFERENT_WORK, both + " — real and virtual time measure different"
                        + " things, so a difference may not be the store's");
                case WARMUP -> new Warning(Kind.DIFFERENT_WORK, both + " — the runs measured different spans,"
                        + " so a difference may not be the store's");
                default -> new Warning(Kind.DIFFERENT_WORK, both + " — the runs did different work, so a"
                        + " difference may not be the store's");
            });
        }
        return out;
    }

    /** Only the texts. */
    static List<String> texts(List<Warning> warnings) {
        return warnings.stream().map(Warning::text).toList();
    }
}
