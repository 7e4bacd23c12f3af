package org.openmark.compare;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * How many independent bursts the operations above a run's percentile came from, in effect. A
 * percentile near the top of a bursty run is set by the few bursts that reached it; when they are
 * one or two, the run holds no evidence of how that percentile varies from run to run, and no
 * interval from it can be trusted to mean much. Pure and deterministic.
 *
 * <p>The run is cut into {@link #STRETCHES} contiguous stretches (one per interval when it has
 * fewer). With {@code N} operations above the percentile and, per stretch, {@code aⱼ} of its
 * {@code nⱼ} above it, the deviations {@code dⱼ = aⱼ − nⱼ·N/Σn} measure how unevenly the run
 * spread them. If they came one by one, independently, their count would vary like a Poisson
 * count, {@code Var ≈ N}; if they came in {@code C} bursts of equal size, like {@code N²/C}. So
 * the effective number of bursts is {@code N² / (s/(s−1) · Σ dⱼ²)}, at most N: about N for
 * independent operations, 1 when one stretch holds them all.
 */
final class TailBursts {
    /** Into how many stretches the run is cut. */
    static final int STRETCHES = 20;
    /** A percentile whose operations above it came from fewer bursts than this is not judged. */
    static final double MIN_BURSTS = 10;

    private TailBursts() {
    }

    /** The effective number of bursts of the operations above {@code valueUs} in {@code intervals}. */
    static double effective(List<Histogram> intervals, double valueUs) {
        int n = intervals.size();
        int s = Math.min(STRETCHES, n);
        if (s < 2) {
            return 0;
        }
        long[] above = new long[s];
        long[] ops = new long[s];
        long allAbove = 0;
        long all = 0;
        for (int i = 0; i < n; i++) {
            Histogram h = intervals.get(i);
            int j = (int) ((long) i * s / n);
            long count = h.getTotalCount();
            long over = count == 0 ? 0 : count - h.getCountBetweenValues(0, (long) valueUs);
            above[j] += over;
            ops[j] += count;
            allAbove += over;
            all += count;
        }
        if (allAbove == 0) {
            return 0;
        }
        double share = (double) allAbove / all;
        double sum = 0;
        for (int j = 0; j < s; j++) {
            double d = above[j] - share * ops[j];
            sum += d * d;
        }
        double variance = s / (s - 1.0) * sum;
        return variance <= 0 ? allAbove : Math.min(allAbove, (double) allAbove * allAbove / variance);
    }
}
