package org.openmark.load.dispatch;

import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * When the workers of a {@link WorkerPool} get help: called by whoever keeps time each time it
 * wakes ({@link #watch}), it brings one more worker when an operation has sat in the queue for
 * {@link #HELP_AFTER_NANOS}, and, when no operation at all completed for {@link #STUCK_NANOS}
 * (a stalled store, whose arrivals each need a thread), doubles the awake workers per look, at
 * most one per waiting operation, so waking cannot feed on itself. That wait is part of the
 * operations' send lag, so it is measured, not hidden. Used by one thread at a time (the keeper).
 */
final class HelpPolicy {
    /** How long an operation may sit in the queue before another worker is woken to help. */
    static final long HELP_AFTER_NANOS = 20_000;
    /** After how long without any operation completed {@link #watch} brings workers faster than one per look. */
    static final long STUCK_NANOS = 10_000_000;

    /** The newest queued operation when {@link #watch} last looked, or -1. */
    private long watchedPosition = -1;
    /** When {@link #watch} last looked. */
    private long watchedSince;
    /** How many operations had completed when {@link #watch} last saw a change. */
    private long lastCompleted = -1;
    /** Since when {@link #watch} has seen no operation complete. */
    private long stuckSince;
    /** The last queue position for which {@link #watch} brought a worker, or -1. */
    private long helpedThrough = -1;

    /**
     * Looks at the queue and brings workers through {@code signal} (true when it brought one) as
     * the policy says; returns when it wants to look next ({@link Long#MAX_VALUE}: not until the
     * next operation is queued).
     *
     * @param taken how many operations workers took from the queue so far
     * @param offered how many operations were queued so far
     * @param inFlight operations queued or running
     * @param active how many workers are awake
     */
    long watch(long nowNanos, long taken, long offered, int inFlight, IntSupplier active, BooleanSupplier signal) {
        long completed = offered - inFlight;
        if (completed != lastCompleted) {
            lastCompleted = completed;
            stuckSince = nowNanos;
        }
        if (taken >= offered) {
            watchedPosition = -1;
            return Long.MAX_VALUE;
        }
        if (watchedPosition >= taken) {
            // An operation already queued when the keeper last looked is still queued.
            if (nowNanos - watchedSince < HELP_AFTER_NANOS) {
                return watchedSince + HELP_AFTER_NANOS;
            }
            if (nowNanos - stuckSince < STUCK_NANOS) {
                // One more worker per look, even if one woken at the last look has not arrived:
                // when the machine stalls a worker, another one takes over sooner. (Waking at most
                // one per waiting operation, or doubling from the first look, measurably lengthened
                // the send-lag tail: after each hiccup of the machine, dozens of workers woke.)
                signal.getAsBoolean();
            } else {
                // Nothing completed for STUCK_NANOS: as many more workers as are awake (doubling
                // per look), at most one for each operation that waited.
                long from = Math.max(taken, helpedThrough + 1);
                long through = Math.min(watchedPosition, from + Math.max(1, active.getAsInt()) - 1);
                for (long pos = from; pos <= through && signal.getAsBoolean(); pos++) {
                    helpedThrough = pos;
                }
            }
        }
        watchedPosition = offered - 1;
        watchedSince = nowNanos;
        return nowNanos + HELP_AFTER_NANOS;
    }
}
