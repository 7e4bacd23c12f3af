package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Measurements;

/**
 * Runs made of known distributions, for tests against analytic truth: n intervals of one second,
 * each with k operations per operation type whose latencies are exponential with a mean of
 * {@code meanUs} times the interval's level. The level's logarithm is an AR(1) series (coefficient
 * φ, standard deviation σ): σ = 0 gives independent intervals; φ = 0.8, σ = 0.1 a level that
 * wanders slowly, overlaid with each interval's own sampling noise (the lag-1 correlation of the
 * interval means is then well below φ, and the later ones decay slowly).
 */
final class SyntheticRuns {
    private SyntheticRuns() {
    }

    static RunData run(String name, int n, int k, List<String> ops, double phi, double sigma, double meanUs,
            SplittableRandom random) {
        Map<String, List<Histogram>> latency = new TreeMap<>();
        ops.forEach(op -> latency.put(op, new ArrayList<>()));
        List<RunData.Interval> intervals = new ArrayList<>();
        double level = random.nextGaussian() * sigma;
        for (int i = 0; i < n; i++) {
            intervals.add(new RunData.Interval(i, 1));
            level = phi * level + Math.sqrt(1 - phi * phi) * sigma * random.nextGaussian();
            double scale = Math.exp(level) * meanUs;
            for (String op : ops) {
                Histogram h = Measurements.newHistogram();
                for (int j = 0; j < k; j++) {
                    h.recordValue((long) (-Math.log(1 - random.nextDouble()) * scale));
                }
                latency.get(op).add(h);
            }
        }
        // Response and service time are the same here (no send lag).
        return new RunData(name, Map.of("store", "synthetic"), true, n, latency, latency, intervals,
                new RunData.Load(true, 0, 0));
    }
}
