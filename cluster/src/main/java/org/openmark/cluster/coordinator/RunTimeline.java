package org.openmark.cluster.coordinator;

import java.time.Duration;

/**
 * A cluster run's intervals on the coordinator's clock: from the common start instant, one every
 * {@code granularity}, with one more boundary at the end of the warm-up when it does not fall on
 * one (as a run in one process collects there too). Span {@code j} runs from {@link #boundary}
 * {@code (j)} to {@code boundary(j + 1)}; times are milliseconds since the run's start. Pure.
 *
 * @param startEpochMillis the common start instant, by the coordinator's wall clock
 * @param granularityMillis how long a span is (the run's {@code --granularity})
 * @param warmupMillis the warm-up's length (0: none)
 */
public record RunTimeline(long startEpochMillis, long granularityMillis, long warmupMillis) {

    public RunTimeline {
        if (granularityMillis <= 0 || warmupMillis < 0) {
            throw new IllegalArgumentException("granularity " + granularityMillis + " ms, warm-up " + warmupMillis
                    + " ms: need granularity > 0 and warm-up >= 0");
        }
    }

    /** The timeline of a run that starts at {@code startEpochMillis}. */
    public static RunTimeline of(long startEpochMillis, Duration granularity, Duration warmup) {
        return new RunTimeline(startEpochMillis, Math.max(1, granularity.toMillis()), warmup.toMillis());
    }

    /** Grid points before the warm-up's end (the warm-up's own boundary not counted). */
    private long gridPointsInWarmUp() {
        return warmupMillis / granularityMillis;
    }

    /** 1 when the warm-up ends between two grid points (it is then a boundary of its own), else 0. */
    private int extra() {
        return warmupMillis % granularityMillis != 0 ? 1 : 0;
    }

    /** Where span {@code j} starts (ms since the run's start). */
    public long boundary(int j) {
        long k = gridPointsInWarmUp();
        if (j <= k) {
            return j * granularityMillis;
        }
        if (extra() == 1 && j == k + 1) {
            return warmupMillis;
        }
        return (j - extra()) * granularityMillis;
    }

    /** The span that holds {@code atMillis} (ms since the run's start; before the start: span 0). */
    public int spanAt(long atMillis) {
        if (atMillis <= 0) {
            return 0;
        }
        long span = atMillis / granularityMillis;
        if (extra() == 1 && atMillis >= warmupMillis) {
            span++;
        }
        return (int) Math.min(Integer.MAX_VALUE - 1, span);
    }

    /** The last span of the warm-up, or -1 when there is none. */
    public int lastWarmUpSpan() {
        return warmupMillis == 0 ? -1 : (int) (gridPointsInWarmUp() + extra() - 1);
    }

    /**
     * The span an interval {@code [startMillis, endMillis]} (ms since the run's start) belongs to.
     * One of up to 1.5 spans goes to the span that holds the middle of its last span-length of time:
     * an interval of about one span where most of it lies, however its worker's clock or collector
     * was off; a short one (the last of a run, or one of the slivers a collector takes when it
     * catches up) where it lies. A longer one (its worker was stopped or starved of CPU, and its
     * collector woke late) goes to the span that holds its end: its collector ran as soon as the
     * process did, so its end is when the stall ended, and the catch-up after a stall (the open
     * model's backlog, issued at once) completed in the moment before it.
     *
     * @param warmUp whether the worker counted it in its warm-up: it then stays in the warm-up's spans,
     *     and a measured one stays out of them, so the merged spans keep the workers' split
     */
    public int spanOf(long startMillis, long endMillis, boolean warmUp) {
        long at;
        if (endMillis - startMillis > granularityMillis * 3 / 2) {
            at = endMillis - 1; // an end on a boundary closes the span before it
        } else {
            long from = Math.max(startMillis, endMillis - granularityMillis);
            at = from + (endMillis - from) / 2;
        }
        int span = spanAt(at);
        int lastWarmUp = lastWarmUpSpan();
        if (warmUp && lastWarmUp >= 0) {
            return Math.min(span, lastWarmUp);
        }
        return Math.max(span, lastWarmUp + 1);
    }
}
