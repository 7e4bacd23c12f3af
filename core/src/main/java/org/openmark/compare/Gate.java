package org.openmark.compare;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.openmark.config.Percentages;

/**
 * The CI gate of {@code compare --fail-if-slower}: whether any candidate is significantly slower
 * than the baseline by more than the threshold ({@link Comparison#slowerThan}), or why the gate
 * cannot judge ({@link Comparison#gateBlockers}). One verdict for the command's exit code, its
 * stderr line and the top of {@code compare.html}.
 *
 * @param threshold the relative change the whole interval must exceed (0.05 = 5 %)
 * @param allowInvalid judge runs that are not valid
 * @param allowDifferentWork judge runs that did different work
 */
public record Gate(double threshold, boolean allowInvalid, boolean allowDifferentWork) {
    /** What the gate decided. */
    public enum Outcome {
        /** No candidate is significantly slower by more than the threshold. */
        PASSED,
        /** A candidate is significantly slower by more than the threshold. */
        SLOWER,
        /** It cannot judge: an invalid run, different work, an operation in one side only, nothing gated tested. */
        CANNOT_JUDGE
    }

    /**
     * The verdict.
     *
     * @param outcome what it decided
     * @param line one line saying so, with the figures or the reasons and what would let it judge
     * @param threshold the gate's threshold
     */
    public record Verdict(Outcome outcome, String line, double threshold) {
    }

    /** The gate over every comparison: it cannot judge if any comparison stops it; else slower if any is. */
    public Verdict judge(List<Comparison> comparisons) {
        String limit = Percentages.format(threshold);
        List<String> blockers = new ArrayList<>();
        Set<Comparability.Kind> reasons = EnumSet.noneOf(Comparability.Kind.class);
        List<String> slower = new ArrayList<>();
        for (Comparison c : comparisons) {
            String pair = c.candidate().name() + " against " + c.baseline().name() + ": ";
            for (Comparability.Warning w : c.gateBlockers(allowInvalid, allowDifferentWork)) {
                blockers.add(pair + w.text());
                reasons.add(w.kind());
            }
            c.slowerThan(threshold).forEach(s -> slower.add(pair + s));
        }
        if (!blockers.isEmpty()) {
            // Whatever it found slower is not evidence: it says only why it cannot judge.
            return new Verdict(Outcome.CANNOT_JUDGE, "the gate (" + limit + ") cannot judge: " + String.join("; ",
                    blockers) + " (" + allowancesHint(reasons) + ")", threshold);
        }
        if (!slower.isEmpty()) {
            return new Verdict(Outcome.SLOWER, "significantly slower by more than " + limit + ": "
                    + String.join("; ", slower), threshold);
        }
        return new Verdict(Outcome.PASSED, "the gate passed: no candidate is significantly slower by more than "
                + limit + " in the response-time mean, p50 or p99 of any operation", threshold);
    }

    /**
     * Which of the allowances would let the gate judge, for the reasons it cannot: each names only
     * an allowance that lifts a reason present (one already given lifted its reason, which is then
     * not present), and says so when a reason present has none (an operation in one side only,
     * nothing gated tested), since then no option makes it judge.
     */
    static String allowancesHint(Set<Comparability.Kind> reasons) {
        List<String> allowances = new ArrayList<>();
        boolean noAllowance = false;
        for (Comparability.Kind reason : reasons) {
            switch (reason) {
                case INVALID_RUN -> allowances.add("--allow-invalid");
                case DIFFERENT_WORK -> allowances.add("--allow-different-work");
                case MISSING_OPERATION, UNTESTED, NOTE -> noAllowance = true;
            }
        }
        String named = String.join(" and ", allowances);
        if (allowances.isEmpty()) {
            return "exit 3; no option lets it judge such runs";
        }
        if (noAllowance) {
            return "exit 3; no option lets it judge such runs: " + named + " would lift only some of these reasons";
        }
        return "exit 3; " + named + (allowances.size() == 1 ? " lets" : " let") + " it judge such runs";
    }
}
