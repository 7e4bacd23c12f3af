package org.openmark.experiment;

import org.HdrHistogram.Histogram;

/**
 * What queueing arithmetic predicts for the open model in the coordinated-omission experiment:
 * constant arrivals at rate λ into a server that completes at most λmax requests per second
 * and stops for H seconds once. The server's backlog counter evolves as in the simulated
 * store: C(t_i) = max(0, C(t_{i−1}) − λmax·Δ) (+ λmax·H when the hiccup starts in Δ); request i
 * waits T_i = C(t_i)/λmax; then C += 1.
 *
 * <p>Closed form (λ < λmax, Δ = 1/λ): before the hiccup C(t_i) = 0, so T = 0. The first request
 * after the hiccup starts finds a backlog of λmax·H and waits H. Each later arrival adds 1 and
 * removes λmax/λ, so the backlog shrinks by (λmax/λ − 1) per arrival and the k-th request after
 * the hiccup waits about H − k·(1/λ − 1/λmax); the backlog drains after
 * n = λmax·H / (λmax/λ − 1) requests, i.e. D = n/λ = H·λmax/(λmax − λ) seconds. With λ = 1000/s,
 * λmax = 1250/s, H = 1 s: n = 5000 requests over D = 5 s, waits falling linearly from 1 s to 0.
 * Their mean is H/2 = 500 ms, and over N requests the overall mean is n·H/(2N) (27.8 ms for
 * N = 90,000).
 */
public final class HiccupPrediction {
    private HiccupPrediction() {
    }

    /**
     * The predicted latency histogram (microseconds) of {@code ops} requests.
     *
     * @param baseLatencyMicros the server's fixed latency added to every request
     */
    public static Histogram openModel(double ratePerSec, long ops, double maxPerSec, double hiccupAtSec,
            double hiccupSec, long baseLatencyMicros) {
        Histogram h = org.openmark.measure.Measurements.newHistogram();
        forEachRequest(ratePerSec, ops, maxPerSec, hiccupAtSec, hiccupSec,
                (arrivalSec, waitMicros) -> h.recordValue(waitMicros + baseLatencyMicros));
        return h;
    }

    /** One predicted request: when it arrives (seconds from the start) and how long it waits (µs). */
    @FunctionalInterface
    public interface RequestWait {
        void accept(double arrivalSec, long waitMicros);
    }

    /** Every request's predicted wait, in arrival order (see the class comment for the recurrence). */
    public static void forEachRequest(double ratePerSec, long ops, double maxPerSec, double hiccupAtSec,
            double hiccupSec, RequestWait each) {
        double backlog = 0;
        double previous = 0;
        boolean hiccupDone = false;
        for (long i = 0; i < ops; i++) {
            double t = i / ratePerSec;
            backlog = Math.max(0, backlog - maxPerSec * (t - previous));
            if (!hiccupDone && t >= hiccupAtSec) {
                backlog += maxPerSec * hiccupSec;
                hiccupDone = true;
            }
            each.accept(t, Math.round(backlog / maxPerSec * 1e6));
            backlog += 1;
            previous = t;
        }
    }

    /**
     * The predicted worst wait per interval of {@code intervalSec}, counted like the measured runs'
     * intervals, by completion time (arrival + wait): element i covers [i·interval, (i+1)·interval).
     */
    public static long[] maxWaitPerInterval(double ratePerSec, long ops, double maxPerSec, double hiccupAtSec,
            double hiccupSec, double intervalSec) {
        int n = (int) Math.ceil((ops / ratePerSec + hiccupSec) / intervalSec);
        long[] max = new long[Math.max(1, n)];
        forEachRequest(ratePerSec, ops, maxPerSec, hiccupAtSec, hiccupSec, (t, wait) -> {
            int i = Math.min(max.length - 1, (int) ((t + wait / 1e6) / intervalSec));
            max[i] = Math.max(max[i], wait);
        });
        return max;
    }

    /** Requests whose wait the hiccup raised: λmax·H / (λmax/λ − 1). */
    public static double affectedRequests(double ratePerSec, double maxPerSec, double hiccupSec) {
        return maxPerSec * hiccupSec / (maxPerSec / ratePerSec - 1);
    }
}
