package org.openmark.rating;

/**
 * A store that keeps scaling with diminishing returns: throughput(T) = S·√T. It never peaks, so
 * only the SLA (a latency bound, or {@code slacap}) or the maximum load ends a climb on it.
 *
 * @param scale S, the throughput at load 1
 * @param slaCapLoad loads above this fail the SLA ({@link Long#MAX_VALUE}: uncapped)
 */
public record SqrtCurve(double scale, long slaCapLoad) implements Curve {

    @Override
    public double throughputAt(long load) {
        return scale * Math.sqrt((double) load);
    }

    @Override
    public String describe() {
        return "sqrt:scale=" + RatingFormat.trim(scale) + (slaCapLoad == Long.MAX_VALUE ? "" : ",slacap=" + slaCapLoad);
    }
}
