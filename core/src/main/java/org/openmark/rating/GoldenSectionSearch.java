package org.openmark.rating;

/**
 * Golden-section search on the climb's bracket [T/r², T] over whole load levels, maximizing
 * {@link ResultOrder#RANK}.
 *
 * <p>Two interior points c &lt; d split the interval in the golden ratio; the worse one's outer
 * part is dropped (if c ranks above d the best load is below d, else above c) and the kept
 * interior point is reused: the new point is placed symmetrically ({@code a + b - kept}), so each
 * step costs one experiment and shrinks the interval by about 0.618. Rounding can make the
 * symmetric point fall outside (a, b) or onto the kept one; then both points are placed afresh.
 * When at most {@value #SWEEP_POINTS} loads remain, all of them are run (the memo makes the ones
 * already run free), so on a curve that is strictly unimodal in this order, which includes one
 * that rises then fails the SLA, the search returns the exact best load. Cost: about
 * log(width / 4) / log(1.618) experiments plus the sweep's new points, e.g. 21 for the bracket
 * [1024, 16384] (peak at load 10,000, r = 4); on BG's quadratic with peaks up to 2·10⁹ it took at
 * most 25 (r = 2) and 27 (r = 4), against 4 and 5 for {@link ApproximateSearch}.
 */
public final class GoldenSectionSearch implements LocalSearch {

    /** Intervals with at most this many loads are swept exhaustively. */
    public static final int SWEEP_POINTS = 4;
    private static final double INVERSE_PHI = (Math.sqrt(5) - 1) / 2;

    @Override
    public String name() {
        return "golden";
    }

    @Override
    public ExperimentResult search(Climb climb, Experimenter experimenter) {
        long a = climb.lowLoad();
        long b = climb.highLoad();
        ExperimentResult best = climb.best();
        long c = 0;
        long d = 0;
        ExperimentResult atC = null;
        ExperimentResult atD = null;
        while (b - a + 1 > SWEEP_POINTS) {
            if (atC == null && atD == null) {
                long span = b - a;
                // span >= SWEEP_POINTS, so span/2 + 1 < span and a < c < d < b holds.
                long offset = Math.max(Math.round(span * INVERSE_PHI), span / 2 + 1);
                d = a + offset;
                c = b - offset;
                atC = experimenter.run(c).requireValid();
                atD = experimenter.run(d).requireValid();
            } else if (atC == null) {
                c = a + b - d;
                if (!(a < c && c < d)) {
                    atD = null;
                    continue;
                }
                atC = experimenter.run(c).requireValid();
            } else {
                d = a + b - c;
                if (!(c < d && d < b)) {
                    atC = null;
                    continue;
                }
                atD = experimenter.run(d).requireValid();
            }
            best = max(best, max(atC, atD));
            if (ResultOrder.better(atC, atD)) {
                b = d;
                d = c;
                atD = atC;
                atC = null;
            } else {
                a = c;
                c = d;
                atC = atD;
                atD = null;
            }
        }
        for (long load = a; load <= b; load++) {
            best = max(best, experimenter.run(load).requireValid());
        }
        return best;
    }

    private static ExperimentResult max(ExperimentResult x, ExperimentResult y) {
        return ResultOrder.better(y, x) ? y : x;
    }
}
