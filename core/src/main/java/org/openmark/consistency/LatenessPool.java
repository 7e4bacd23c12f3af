package org.openmark.consistency;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The probes' lateness as a pool of delays (ms) the prediction draws from, and its compact form in
 * staleness.json: {@code [[ms, count], ...]} in ascending order (the histogram's buckets), from
 * which the same pool comes back exactly.
 */
final class LatenessPool {
    private LatenessPool() {
    }

    /** One delay per recorded probe, in ms, ascending (each at its histogram bucket's value). */
    static double[] of(Histogram lateUs) {
        double[] pool = new double[(int) Math.min(Integer.MAX_VALUE - 8, lateUs.getTotalCount())];
        int at = 0;
        for (HistogramIterationValue v : lateUs.recordedValues()) {
            double ms = v.getValueIteratedTo() / 1000.0;
            for (long i = 0; i < v.getCountAtValueIteratedTo() && at < pool.length; i++) {
                pool[at++] = ms;
            }
        }
        return pool;
    }

    /** {@code [[ms, count], ...]} of an ascending pool. */
    static List<List<Number>> json(double[] pool) {
        List<List<Number>> runs = new ArrayList<>();
        int i = 0;
        while (i < pool.length) {
            int j = i;
            while (j < pool.length && pool[j] == pool[i]) {
                j++;
            }
            runs.add(List.of(pool[i], j - i));
            i = j;
        }
        return runs;
    }

    /** The pool {@link #json} described. */
    static double[] fromJson(List<List<Number>> runs) {
        long total = 0;
        for (List<Number> run : runs) {
            total += run.get(1).longValue();
        }
        double[] pool = new double[(int) total];
        int at = 0;
        for (List<Number> run : runs) {
            double ms = run.get(0).doubleValue();
            for (long i = 0; i < run.get(1).longValue(); i++) {
                pool[at++] = ms;
            }
        }
        return pool;
    }
}
