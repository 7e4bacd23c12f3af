package org.openmark.rating;

/**
 * A store that scales linearly up to a knee and then saturates: throughput(T) = M·min(T, K)/K.
 * Every load from K on gives M; the rating is K, the least load that reaches it (see
 * {@link ResultOrder}).
 *
 * @param max M, the saturated throughput
 * @param knee K, the load at which throughput stops rising
 * @param slaCapLoad loads above this fail the SLA ({@link Long#MAX_VALUE}: uncapped)
 */
public record PlateauCurve(double max, long knee, long slaCapLoad) implements Curve {

    @Override
    public double throughputAt(long load) {
        return load >= knee ? max : max * load / knee;
    }

    @Override
    public String describe() {
        return "plateau:max=" + RatingFormat.trim(max) + ",knee=" + knee
                + (slaCapLoad == Long.MAX_VALUE ? "" : ",slacap=" + slaCapLoad);
    }
}
