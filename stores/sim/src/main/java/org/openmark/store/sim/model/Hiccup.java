package org.openmark.store.sim.model;

/**
 * A stall of one node: it starts {@code startNanos} after the store opened and lasts
 * {@code durationNanos}; when {@code periodNanos > 0} it repeats every period, {@code count}
 * times in all ({@code 0} = forever).
 */
public record Hiccup(long startNanos, long durationNanos, long periodNanos, long count) {

    public Hiccup {
        if (startNanos < 0 || durationNanos < 0 || periodNanos < 0 || count < 0) {
            throw new IllegalArgumentException("hiccup values must be non-negative: " + startNanos + ", "
                    + durationNanos + ", " + periodNanos + ", " + count);
        }
    }

    /** A hiccup that happens once. */
    public static Hiccup once(long startNanos, long durationNanos) {
        return new Hiccup(startNanos, durationNanos, 0, 1);
    }

    /** The number of occurrences whose start lies in {@code (afterNanos, untilNanos]}. */
    public long startsIn(long afterNanos, long untilNanos) {
        if (untilNanos <= afterNanos || untilNanos < startNanos) {
            return 0;
        }
        if (periodNanos == 0) {
            return afterNanos < startNanos ? 1 : 0;
        }
        long first = afterNanos < startNanos ? 0 : Math.floorDiv(afterNanos - startNanos, periodNanos) + 1;
        long last = Math.floorDiv(untilNanos - startNanos, periodNanos);
        if (count > 0) {
            last = Math.min(last, count - 1);
        }
        return Math.max(0, last - first + 1);
    }
}
