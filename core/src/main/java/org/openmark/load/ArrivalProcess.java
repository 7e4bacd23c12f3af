package org.openmark.load;

import java.util.SplittableRandom;

/**
 * The gaps between intended start times of an open-model run. Each process has the requested
 * mean rate; they differ in variability (coefficient of variation of the gaps).
 */
public sealed interface ArrivalProcess
        permits ArrivalProcess.Constant, ArrivalProcess.Poisson, ArrivalProcess.Pareto, ArrivalProcess.HyperExponential {

    /** The next gap in nanoseconds (as a double, so fractional gaps do not drift) at the given rate. */
    double nextGapNanos(double ratePerSec, SplittableRandom random);

    /** The name users give on the command line, e.g. {@code pareto:2.5}. */
    String describe();

    /** Evenly spaced arrivals: every gap is 1/rate (CV 0). */
    record Constant() implements ArrivalProcess {
        @Override
        public double nextGapNanos(double ratePerSec, SplittableRandom random) {
            return 1e9 / ratePerSec;
        }

        @Override
        public String describe() {
            return "constant";
        }
    }

    /** Poisson arrivals: exponential gaps with mean 1/rate (CV 1). */
    record Poisson() implements ArrivalProcess {
        @Override
        public double nextGapNanos(double ratePerSec, SplittableRandom random) {
            return -Math.log(1.0 - random.nextDouble()) * 1e9 / ratePerSec;
        }

        @Override
        public String describe() {
            return "poisson";
        }
    }

    /**
     * Pareto gaps with the given shape α &gt; 1 and mean 1/rate: scale x_m = mean·(α−1)/α,
     * gap = x_m / U^(1/α). Heavy-tailed: for α ≤ 2 the variance is infinite.
     */
    record Pareto(double shape) implements ArrivalProcess {
        public Pareto {
            if (!(shape > 1)) {
                throw new IllegalArgumentException("pareto shape must be > 1 (else the mean is infinite)");
            }
        }

        @Override
        public double nextGapNanos(double ratePerSec, SplittableRandom random) {
            double mean = 1e9 / ratePerSec;
            double scale = mean * (shape - 1) / shape;
            return scale / Math.pow(1.0 - random.nextDouble(), 1.0 / shape);
        }

        @Override
        public String describe() {
            return "pareto:" + shape;
        }
    }

    /**
     * Two-phase hyperexponential gaps with "balanced means" and the given coefficient of
     * variation cv ≥ 1: with probability p a gap is exponential with rate 2p/mean, otherwise with
     * rate 2(1−p)/mean, where p = (1 + sqrt((cv²−1)/(cv²+1)))/2. Mean 1/rate, CV exactly cv.
     */
    record HyperExponential(double cv) implements ArrivalProcess {
        public HyperExponential {
            if (!(cv >= 1)) {
                throw new IllegalArgumentException("hyperexp cv must be >= 1");
            }
        }

        double p() {
            double c2 = cv * cv;
            return (1 + Math.sqrt((c2 - 1) / (c2 + 1))) / 2;
        }

        @Override
        public double nextGapNanos(double ratePerSec, SplittableRandom random) {
            double mean = 1e9 / ratePerSec;
            double p = p();
            double rate = random.nextDouble() < p ? 2 * p / mean : 2 * (1 - p) / mean;
            return -Math.log(1.0 - random.nextDouble()) / rate;
        }

        @Override
        public String describe() {
            return "hyperexp:" + cv;
        }
    }
}
