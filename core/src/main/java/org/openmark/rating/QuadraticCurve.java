package org.openmark.rating;

/**
 * BG's model of a store under growing load: throughput(T) = −T² + bT + c, clamped at 0. For a
 * peak throughput P, the vertex is put at the whole load T* = round(√P) with value P, so
 * b = 2T* and c = P − T*² (|c| &lt;= T*): {@code quadratic:peak=100000000} is −T² + 20000T, which
 * peaks at 100,000,000 ops/s at T = 10,000 and falls to 0 at T = 20,000. Computed in exact
 * integer arithmetic.
 *
 * @param b the linear coefficient, 2T*
 * @param c the constant, P − T*²
 * @param slaCapLoad loads above this fail the SLA ({@link Long#MAX_VALUE}: uncapped)
 */
public record QuadraticCurve(long b, long c, long slaCapLoad) implements Curve {

    /** Largest accepted peak, so every product below fits in a long. */
    public static final long MAX_PEAK = 1_000_000_000_000_000L;

    /** The curve whose vertex is at T* = round(√peak) with value {@code peak}. */
    public static QuadraticCurve ofPeak(long peak, long slaCapLoad) {
        if (peak < 1 || peak > MAX_PEAK) {
            throw new IllegalArgumentException("peak=" + peak + ": must be in [1, " + MAX_PEAK + "]");
        }
        long vertex = Math.round(Math.sqrt((double) peak));
        return new QuadraticCurve(2 * vertex, peak - vertex * vertex, slaCapLoad);
    }

    /** T*, the load at the vertex. */
    public long peakLoad() {
        return b / 2;
    }

    /** P, the throughput at the vertex. */
    public long peak() {
        long v = peakLoad();
        return v * v + c;
    }

    @Override
    public double throughputAt(long load) {
        // Beyond b the value is −T(T − b) + c <= −T + c < 0 because |c| <= T* < T.
        if (load > b) {
            return 0;
        }
        return Math.max(0, load * (b - load) + c);
    }

    @Override
    public String describe() {
        return "quadratic:peak=" + peak() + (slaCapLoad == Long.MAX_VALUE ? "" : ",slacap=" + slaCapLoad);
    }
}
