package org.openmark.rating;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The total order the search maximizes, defined without arithmetic on special values:
 * <ol>
 *   <li>a result that meets the SLA ranks above every result that does not;</li>
 *   <li>between two passing results, higher throughput ranks higher; at equal throughput the
 *       lower load ranks higher (the same work with fewer resources, and it makes a plateau
 *       peak at its knee);</li>
 *   <li>between two failing results, the lower load ranks higher: SLA failures grow with load,
 *       so the lower one is nearer the passing region. Ranking failures by throughput would
 *       lead a search away from a passing region below an SLA cap.</li>
 * </ol>
 * Distinct load levels never tie, so on a curve that rises then falls (in this order) the
 * local searches see a strictly unimodal objective.
 */
public final class ResultOrder {

    /** Greater means better. */
    public static final Comparator<ExperimentResult> RANK = ResultOrder::compare;

    private ResultOrder() {
    }

    private static int compare(ExperimentResult a, ExperimentResult b) {
        if (a.slaMet() != b.slaMet()) {
            return a.slaMet() ? 1 : -1;
        }
        if (a.slaMet()) {
            int byThroughput = Double.compare(a.throughputOpsPerSec(), b.throughputOpsPerSec());
            if (byThroughput != 0) {
                return byThroughput;
            }
        }
        return Long.compare(b.loadLevel(), a.loadLevel());
    }

    /** True when {@code a} ranks strictly above {@code b}. */
    public static boolean better(ExperimentResult a, ExperimentResult b) {
        return compare(a, b) > 0;
    }

    /**
     * BG's climb rule: {@code next} meets the SLA and its throughput exceeds
     * {@code (1 + epsilon)} times {@code previous}'s.
     */
    public static boolean higher(ExperimentResult next, ExperimentResult previous, double epsilon) {
        return next.slaMet() && next.throughputOpsPerSec() > (1 + epsilon) * previous.throughputOpsPerSec();
    }

    /** The best-ranked result that meets the SLA, if any. */
    public static Optional<ExperimentResult> bestPassing(Collection<ExperimentResult> results) {
        return results.stream().filter(ExperimentResult::slaMet).max(RANK);
    }
}
