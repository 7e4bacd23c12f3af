package org.openmark.store.sim.model;

import java.util.List;

/**
 * The throughput limit and hiccups of one node, after Friedrich et al. (BTW 2017). A counter C
 * of outstanding requests drains at λmax per second; for request i arriving at t_i:
 * <pre>
 *   C(t_i) = max(0, C(t_{i-1}) - λmax·(t_i - t_{i-1}))
 *   C     += λmax·H          for every hiccup of length H starting in (t_{i-1}, t_i]
 *   T_i    = C(t_i) / λmax   (the request's queueing time)
 *   C     += 1
 * </pre>
 *
 * <p>Implementation notes: the state is kept as the backlog B = C/λmax in nanoseconds, which
 * turns the rules into {@code B = max(0, B - Δ) + H; T = B; B += 1/λmax}: the same numbers,
 * and also defined for an unlimited node (λmax = 0 read as λmax → ∞, where 1/λmax = 0 and a
 * hiccup still delays the requests that arrive before its backlog has drained).
 * Arrival times must not decrease.
 */
public final class ThroughputLimiter {
    private final double maxOpsPerSecond;
    private final double serviceNanos;
    private final List<Hiccup> hiccups;
    private double backlogNanos;
    // Hiccups starting at 0 count for the first arrival: the interval is (lastArrival, arrival].
    private long lastArrivalNanos = -1;
    private long hiccupNanosInjected;
    private double maxOutstanding;

    /**
     * @param maxOpsPerSecond λmax; 0 = unlimited
     * @param hiccups the node's hiccups (start times relative to the store's start)
     */
    public ThroughputLimiter(double maxOpsPerSecond, List<Hiccup> hiccups) {
        if (!(maxOpsPerSecond >= 0) || Double.isInfinite(maxOpsPerSecond)) {
            throw new IllegalArgumentException("maxOpsPerSecond must be >= 0 and finite: " + maxOpsPerSecond);
        }
        this.maxOpsPerSecond = maxOpsPerSecond;
        this.serviceNanos = maxOpsPerSecond == 0 ? 0 : 1e9 / maxOpsPerSecond;
        this.hiccups = List.copyOf(hiccups);
    }

    /** Admits the request arriving at {@code arrivalNanos}; returns its queueing time in nanoseconds. */
    public long admit(long arrivalNanos) {
        if (arrivalNanos < lastArrivalNanos) {
            throw new IllegalArgumentException("arrival " + arrivalNanos + " before previous " + lastArrivalNanos);
        }
        if (lastArrivalNanos >= 0) {
            backlogNanos = Math.max(0, backlogNanos - (arrivalNanos - lastArrivalNanos));
        }
        long stallNanos = 0;
        for (Hiccup h : hiccups) {
            stallNanos += h.startsIn(lastArrivalNanos, arrivalNanos) * h.durationNanos();
        }
        backlogNanos += stallNanos;
        hiccupNanosInjected += stallNanos;
        double queueingNanos = backlogNanos;
        backlogNanos += serviceNanos;
        lastArrivalNanos = arrivalNanos;
        maxOutstanding = Math.max(maxOutstanding, outstandingRequests());
        return Math.round(queueingNanos);
    }

    /** The counter C after the last admitted request (outstanding requests; 0 when unlimited). */
    public double outstandingRequests() {
        return backlogNanos * maxOpsPerSecond / 1e9;
    }

    /** The largest C seen right after admitting a request. */
    public double maxOutstandingRequests() {
        return maxOutstanding;
    }

    /** The total length of the hiccups that have started so far (as seen by arrivals). */
    public long hiccupNanosInjected() {
        return hiccupNanosInjected;
    }

    /** λmax in operations per second (0 = unlimited). */
    public double maxOpsPerSecond() {
        return maxOpsPerSecond;
    }
}
