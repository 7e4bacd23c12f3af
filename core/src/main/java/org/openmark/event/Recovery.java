package org.openmark.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the response time answered one event: its level before the event, how far it rose, and
 * when it came back, decided by one stated rule (docs/results.md, "Events: when latency came back").
 *
 * <p>The figure is each interval's p99 of the response time (from the intended start) of the
 * operations that ended OK, every operation together. The <b>level</b> is the median of it over
 * the last {@value #LEVEL_INTERVALS} whole intervals that ended before the event started (at
 * least {@value #MIN_BEFORE}). The <b>band</b> above the level is the larger of
 * {@value #TOLERANCE}× the level and the highest p99 before the event once its highest tenth is
 * set aside: what the run's own noise reached without any event. An interval is disturbed when
 * its p99 is above the band, or when nothing ended OK in it. Latency is <b>back</b> when
 * {@value #STEADY} consecutive whole intervals, each starting at or after the event's start and
 * after the last disturbed interval that began before the event ended, are within the band; it
 * came back at the start of the first of them. The intervals resolve time to
 * their own length: the p99 came back within that span before the time given, which is the
 * uncertainty {@link #resolutionSeconds} states.
 *
 * @param levelUs the level before the event (µs), or NaN when there is none
 * @param bandUs the band's top (µs), or NaN
 * @param peakUs the highest p99 from the event's start until back (or the run's end), or NaN
 * @param peakAtSeconds the end of the interval with that p99, or NaN
 * @param disturbed whether an interval from the event's start until back was above the band
 * @param backAtSeconds when latency was back (seconds from the phase's start), or NaN when it
 *     was not back by the run's end or there is no level
 * @param resolutionSeconds the intervals' length: how precisely {@code backAtSeconds} is known
 * @param beforeIntervals how many intervals the level was taken from
 * @param note what stopped the rule (too few intervals before, not back by the end), or null
 */
public record Recovery(double levelUs, double bandUs, double peakUs, double peakAtSeconds, boolean disturbed,
        double backAtSeconds, double resolutionSeconds, int beforeIntervals, String note) {

    /** How many intervals before the event set its level, at most. */
    public static final int LEVEL_INTERVALS = 30;
    /** Fewer intervals before the event than this give no level. */
    public static final int MIN_BEFORE = 5;
    /** The band is at least this multiple of the level. */
    public static final double TOLERANCE = 1.25;
    /** Consecutive intervals within the band that make latency back. */
    public static final int STEADY = 3;

    /** One measured interval: its end (seconds from the phase's start), length, OK operations and their p99. */
    public record Point(double endSeconds, double lengthSeconds, long ok, long p99Us) {
        double startSeconds() {
            return endSeconds - lengthSeconds;
        }
    }

    /** Seconds from the event's start until latency was back, or NaN. */
    public double afterSeconds(double eventStartSeconds) {
        return backAtSeconds - eventStartSeconds;
    }

    /** How latency answered an event, in words: its level, how far it rose, when it was back. */
    /** The rule's answer in words, for the text report and report.html: the level, the peak, when back. */
    public String describe(double startSeconds) {
        if (Double.isNaN(levelUs)) {
            return note;
        }
        String level = String.format(Locale.ROOT, "p99 %.0f us before (band to %.0f us)", levelUs,
                bandUs);
        if (!disturbed && !Double.isNaN(backAtSeconds)) {
            return level + ", stayed within it";
        }
        String peak = Double.isInfinite(peakUs) ? String.format(Locale.ROOT,
                ", nothing ended OK in the interval to %.1f s", peakAtSeconds)
                : String.format(Locale.ROOT, ", rose to %.0f us (interval to %.1f s)", peakUs,
                        peakAtSeconds);
        if (Double.isNaN(backAtSeconds)) {
            return level + (disturbed ? peak : "") + ", " + note;
        }
        return level + peak + String.format(Locale.ROOT, ", back at %.1f s, %.1f s after it started"
                + " (to within %.1f s)", backAtSeconds, afterSeconds(startSeconds), resolutionSeconds);
    }

    /**
     * Applies the rule to the run's measured intervals (in order) for an event that started at
     * {@code startSeconds} and was over in an instant (or whose end is unknown): see
     * {@link #of(List, double, double)}.
     */
    public static Recovery of(List<Point> intervals, double startSeconds) {
        return of(intervals, startSeconds, Double.NaN);
    }

    /**
     * Applies the rule to the run's measured intervals (in order) for an event that started at
     * {@code startSeconds} and ended at {@code endSeconds} (NaN: it had not ended when the run did,
     * or it ended at once). Latency is back only after the last disturbed interval that began
     * before the event ended: an action that takes minutes (a node joining: it streams, then takes
     * over its ranges) disturbs the store when it takes effect, not when it starts, so in-band
     * intervals early in it say nothing of its effect. A last interval cut short by the run's end
     * (less than half the usual length) is left out, as compare and report.html leave it out.
     */
    public static Recovery of(List<Point> intervals, double startSeconds, double endSeconds) {
        List<Point> whole = whole(intervals);
        double resolution = whole.isEmpty() ? Double.NaN : typicalLength(whole);
        List<Point> before = new ArrayList<>();
        for (Point p : whole) {
            if (p.endSeconds() <= startSeconds && p.ok() > 0) {
                before.add(p);
            }
        }
        before = before.subList(Math.max(0, before.size() - LEVEL_INTERVALS), before.size());
        if (before.size() < MIN_BEFORE) {
            return new Recovery(Double.NaN, Double.NaN, Double.NaN, Double.NaN, false, Double.NaN, resolution,
                    before.size(), "no level to come back to: " + before.size() + " whole interval"
                    + (before.size() == 1 ? "" : "s") + " before the event, " + MIN_BEFORE + " needed");
        }
        long[] p99s = before.stream().mapToLong(Point::p99Us).sorted().toArray();
        double level = median(p99s);
        double noise = p99s[Math.max(0, (int) Math.ceil(0.9 * p99s.length) - 1)];
        double band = Math.max(TOLERANCE * level, noise);
        List<Point> after = new ArrayList<>();
        for (Point p : whole) {
            if (p.startSeconds() >= startSeconds - 1e-9) {
                after.add(p);
            }
        }
        // the steady stretch may only begin after the last disturbance that began while the event ran
        double ended = Double.isNaN(endSeconds) ? startSeconds : endSeconds;
        int from = 0;
        for (int i = 0; i < after.size(); i++) {
            if (after.get(i).startSeconds() < ended - 1e-9 && figure(after.get(i)) > band) {
                from = i + 1;
            }
        }
        double peak = Double.NaN;
        double peakAt = Double.NaN;
        boolean disturbed = false;
        int steady = 0;
        double steadyFrom = Double.NaN;
        for (int i = 0; i < after.size(); i++) {
            Point p = after.get(i);
            double figure = figure(p);
            if (Double.isNaN(peak) || figure > peak) {
                peak = figure;
                peakAt = p.endSeconds();
            }
            if (figure > band) {
                disturbed = true;
                steady = 0;
            } else if (i >= from) {
                if (steady++ == 0) {
                    steadyFrom = p.startSeconds();
                }
                if (steady == STEADY) {
                    return new Recovery(level, band, peak, peakAt, disturbed, steadyFrom, resolution, before.size(),
                            null);
                }
            }
        }
        return new Recovery(level, band, peak, peakAt, disturbed, Double.NaN, resolution, before.size(),
                disturbed ? "not back to its level by the run's end"
                        : "too few whole intervals after the event to tell (" + STEADY + " needed)");
    }

    /** An interval's figure: its p99, or infinity when nothing ended OK in it. */
    private static double figure(Point p) {
        return p.ok() == 0 ? Double.POSITIVE_INFINITY : p.p99Us();
    }

    /** The intervals without a last one cut short (less than half the typical length). */
    private static List<Point> whole(List<Point> intervals) {
        if (intervals.size() < 2) {
            return intervals;
        }
        double typical = typicalLength(intervals);
        Point last = intervals.get(intervals.size() - 1);
        return last.lengthSeconds() < typical / 2 ? intervals.subList(0, intervals.size() - 1) : intervals;
    }

    private static double typicalLength(List<Point> intervals) {
        double[] lengths = intervals.stream().mapToDouble(Point::lengthSeconds).sorted().toArray();
        return lengths[lengths.length / 2];
    }

    private static double median(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
