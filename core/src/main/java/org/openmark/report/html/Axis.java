package org.openmark.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A range and its ticks. Linear axes step by 1, 2 or 5 × 10^k (or, for time, by whole
 * seconds, minutes and hours) and start and end on a tick; logarithmic axes end on 1-2-5
 * values and tick at decades, adding 2 and 5 (and finer) when the range spans few decades.
 */
final class Axis {
    private static final double[] TIME_STEPS_S = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
        10800, 21600, 43200, 86400};

    private final double min;
    private final double max;
    private final boolean log;
    private final List<Double> ticks;

    private Axis(double min, double max, boolean log, List<Double> ticks) {
        this.min = min;
        this.max = max;
        this.log = log;
        this.ticks = List.copyOf(ticks);
    }

    /** A linear axis covering [dataMin, dataMax] with about {@code targetTicks} ticks. */
    static Axis linear(double dataMin, double dataMax, int targetTicks) {
        double[] range = nonEmpty(dataMin, dataMax);
        return linearWithStep(range[0], range[1], niceStep((range[1] - range[0]) / Math.max(1, targetTicks)));
    }

    /**
     * A linear time axis in seconds that ends where the data ends (a run's last interval is
     * rarely on a round second), ticked every whole number of seconds, minutes or hours.
     */
    static Axis time(double dataMinS, double dataMaxS, int targetTicks) {
        double[] range = nonEmpty(dataMinS, dataMaxS);
        double step = timeStep((range[1] - range[0]) / Math.max(1, targetTicks));
        List<Double> ticks = new ArrayList<>();
        for (long i = (long) Math.ceil(range[0] / step - 1e-9); i * step <= range[1] * (1 + 1e-9); i++) {
            ticks.add(clean(i * step));
        }
        return new Axis(range[0], range[1], false, ticks);
    }

    private static double timeStep(double raw) {
        if (raw < 1) {
            return niceStep(raw);
        }
        double step = TIME_STEPS_S[TIME_STEPS_S.length - 1];
        for (double s : TIME_STEPS_S) {
            if (s >= raw) {
                step = s;
                break;
            }
        }
        while (step < raw) {
            step *= 2;
        }
        return step;
    }

    /** A logarithmic axis covering [dataMin, dataMax], both > 0. */
    static Axis log(double dataMin, double dataMax) {
        if (!(dataMin > 0) || !(dataMax > 0)) {
            throw new IllegalArgumentException("log axis needs positive bounds, got " + dataMin + ".." + dataMax);
        }
        double lo = floor125(Math.min(dataMin, dataMax));
        double hi = ceil125(Math.max(dataMin, dataMax));
        if (hi <= lo) {
            hi = ceil125(lo * 1.5);
        }
        double decades = Math.log10(hi / lo);
        double[] multipliers = decades <= 1.01 ? new double[] {1, 1.5, 2, 3, 5, 7}
                : decades <= 3.01 ? new double[] {1, 2, 5} : new double[] {1};
        return new Axis(lo, hi, true, logTicks(lo, hi, multipliers));
    }

    /** A logarithmic axis from decade to decade with a tick at each decade only. */
    static Axis logDecades(double dataMin, double dataMax) {
        double lo = Math.pow(10, Math.floor(Math.log10(dataMin) + 1e-9));
        double hi = Math.pow(10, Math.ceil(Math.log10(dataMax) - 1e-9));
        if (hi <= lo) {
            hi = lo * 10;
        }
        return new Axis(lo, hi, true, logTicks(lo, hi, new double[] {1}));
    }

    /** The lower end of the axis. */
    double min() {
        return min;
    }

    /** The upper end of the axis. */
    double max() {
        return max;
    }

    /** True for a logarithmic axis. */
    boolean isLog() {
        return log;
    }

    /** The tick values, ascending, all within [min, max]. */
    List<Double> ticks() {
        return ticks;
    }

    /** Where {@code v} lies: 0 at min, 1 at max (outside for values beyond the range; NaN for v ≤ 0 on a log axis). */
    double fraction(double v) {
        if (log) {
            return v > 0 ? Math.log(v / min) / Math.log(max / min) : Double.NaN;
        }
        return (v - min) / (max - min);
    }

    private static double[] nonEmpty(double lo, double hi) {
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new IllegalArgumentException("axis bounds must be finite, got " + lo + ".." + hi);
        }
        if (hi < lo) {
            double t = lo;
            lo = hi;
            hi = t;
        }
        if (hi == lo) {
            hi = lo == 0 ? 1 : lo + Math.abs(lo);
        }
        return new double[] {lo, hi};
    }

    private static Axis linearWithStep(double lo, double hi, double step) {
        long first = (long) Math.floor(lo / step + 1e-9);
        long last = (long) Math.ceil(hi / step - 1e-9);
        List<Double> ticks = new ArrayList<>();
        for (long i = first; i <= last; i++) {
            ticks.add(clean(i * step));
        }
        return new Axis(clean(first * step), clean(last * step), false, ticks);
    }

    static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double residual = raw / magnitude;
        double nice = residual <= 1 + 1e-9 ? 1 : residual <= 2 + 1e-9 ? 2 : residual <= 5 + 1e-9 ? 5 : 10;
        return nice * magnitude;
    }

    private static List<Double> logTicks(double lo, double hi, double[] multipliers) {
        List<Double> ticks = new ArrayList<>();
        for (int e = (int) Math.floor(Math.log10(lo)) - 1; e <= (int) Math.ceil(Math.log10(hi)); e++) {
            for (double m : multipliers) {
                double v = clean(m * Math.pow(10, e));
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                    ticks.add(v);
                }
            }
        }
        return ticks;
    }

    private static double floor125(double v) {
        double decade = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
        double m = v / decade;
        return clean((m >= 5 - 1e-9 ? 5 : m >= 2 - 1e-9 ? 2 : 1) * decade);
    }

    private static double ceil125(double v) {
        double decade = Math.pow(10, Math.floor(Math.log10(v) - 1e-9));
        double m = v / decade;
        return clean((m <= 1 + 1e-9 ? 1 : m <= 2 + 1e-9 ? 2 : m <= 5 + 1e-9 ? 5 : 10) * decade);
    }

    // 0.30000000000000004 → 0.3: ticks are labelled and compared, so they must be the round numbers they look like.
    private static double clean(double v) {
        if (v == 0) {
            return 0;
        }
        double scale = Math.pow(10, 12 - Math.ceil(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }
}
