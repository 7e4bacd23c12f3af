package org.openmark.rating;

/**
 * BG's approximate search, as this project reads it: the climb repeated from its best point with
 * ever smaller factors, looking only to the right of that point, in (T/r, T).
 *
 * <p>Each round halves the excess of the factor over 1 (r = 4 gives 2.5, 1.75, 1.375, …) and
 * climbs from the current best x to round(x × factor) (at least x + 1) while the new point ranks
 * above x ({@link ResultOrder#better}, no ε here: within the bracket every gain counts). A round
 * ends at the first point that does not, which becomes the new upper bound, or when the next
 * point would reach the upper bound (T at first). The search ends when the factor's excess is at
 * most ε (the load resolution is then ε, below which throughput differences are treated as
 * noise) or no load is left between x and the bound.
 *
 * <p>It never looks left of the climb's best point T/r, so when the peak lies in (T/r², T/r) it
 * returns T/r. On BG's quadratic with the peak P at load p, the climb guarantees T/r &lt; p(1 + x)
 * with x = (r² − (1+ε)(2r−1)) / (r² − (1+ε)), so the shortfall from that side is below x² of P:
 * 8.3% for r = 2 and 33.5% for r = 4 at ε = 5%. It also cannot step back inside the bracket, so
 * even a peak right of T/r can be overshot by up to half a step. Its cost does not grow with the
 * peak load: about one experiment per round, log2((r − 1) / ε) rounds; on BG's quadratic at
 * ε = 5% (peaks 10 to 2·10⁹) it took at most 4 experiments for r = 2 and 5 for r = 4.
 */
public final class ApproximateSearch implements LocalSearch {
    private final double epsilon;
    private final double climbFactor;

    public ApproximateSearch(double epsilon, double climbFactor) {
        this.epsilon = epsilon;
        this.climbFactor = climbFactor;
    }

    @Override
    public String name() {
        return "approximate";
    }

    @Override
    public ExperimentResult search(Climb climb, Experimenter experimenter) {
        ExperimentResult best = climb.best();
        long bound = climb.highLoad();
        double factor = climbFactor;
        while (bound - best.loadLevel() > 1) {
            factor = 1 + (factor - 1) / 2;
            if (factor - 1 <= epsilon) {
                break;
            }
            while (true) {
                long next = Math.max(best.loadLevel() + 1, Math.round(best.loadLevel() * factor));
                if (next >= bound) {
                    break;
                }
                ExperimentResult result = experimenter.run(next).requireValid();
                if (!ResultOrder.better(result, best)) {
                    bound = next;
                    break;
                }
                best = result;
            }
        }
        return best;
    }
}
