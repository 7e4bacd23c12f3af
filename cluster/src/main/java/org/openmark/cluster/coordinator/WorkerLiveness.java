package org.openmark.cluster.coordinator;

import java.util.Locale;

/**
 * Whether a worker is still there, as the coordinator knows it: when it was last heard from, since
 * when it has been unreachable, and, once it is lost, what is known of when it went. Pure: the
 * times are the coordinator's clock's {@code nanoTime}, passed in. Thread-safe: the coordinator's
 * actor hears the failure detector while the run's actor hears the worker's intervals and loses it.
 */
final class WorkerLiveness {
    private boolean lost;
    private long lostAfterMs = -1;
    private long silentBeforeLossMs;
    private String lostReason;
    private long unreachableSinceNanos = -1;
    /**
     * The first time it was found unreachable since it last delivered something (-1: not since): a
     * worker that flaps (unreachable, reachable, unreachable) went silent at the first of them.
     */
    private long firstUnreachableNanos = -1;
    private long lastHeardNanos = -1;
    /** Why the coordinator saw it go during a run (null: it did not), kept until the run is over. */
    private String wentAway;

    /** It delivered something at {@code nowNanos}. */
    synchronized void heard(long nowNanos) {
        lastHeardNanos = nowNanos;
        if (unreachableSinceNanos < 0) {
            firstUnreachableNanos = -1;
        }
    }

    /** The failure detector finds it unreachable; true when it was not already. */
    synchronized boolean unreachable(long nowNanos) {
        if (firstUnreachableNanos < 0) {
            firstUnreachableNanos = nowNanos;
        }
        if (unreachableSinceNanos >= 0) {
            return false;
        }
        unreachableSinceNanos = nowNanos;
        return true;
    }

    /** The failure detector finds it reachable; true when it had been unreachable and is not lost. */
    synchronized boolean reachable() {
        boolean back = unreachableSinceNanos >= 0 && !lost;
        unreachableSinceNanos = -1;
        return back;
    }

    /**
     * The coordinator saw it go during a run (its node left, or its actor stopped): the run accounts
     * for it, and if the run no longer could (the worker had reported, or the run had ended), the
     * session does once the run is over. The first reason stays.
     */
    synchronized void wentAway(String why) {
        if (wentAway == null) {
            wentAway = why;
        }
    }

    /** Why the coordinator saw it go during a run, or null. */
    synchronized String wentAway() {
        return wentAway;
    }

    /** It went outside a run: nothing of a run is to be accounted for. */
    synchronized void gone() {
        lost = true;
    }

    /**
     * It is lost during the run that started at {@code runStartNanos}: it went between the last
     * interval it delivered and the moment it was found unreachable ({@code nowNanos} when it
     * never was).
     */
    synchronized void lose(String why, long nowNanos, long runStartNanos) {
        long found = firstUnreachableNanos >= 0 ? firstUnreachableNanos : nowNanos;
        long lastHeard = Math.max(runStartNanos, lastHeardNanos >= 0 ? lastHeardNanos : runStartNanos);
        lost = true;
        lostAfterMs = Math.max(0, (lastHeard - runStartNanos) / 1_000_000);
        silentBeforeLossMs = Math.max(0, (found - lastHeard) / 1_000_000);
        String when = found < runStartNanos ? "found unreachable before the run started"
                : String.format(Locale.ROOT, "found unreachable at %.1f s", (found - runStartNanos) / 1e9);
        lostReason = String.format(Locale.ROOT, "%s; last heard %.1f s into the run, %s", why,
                (lastHeard - runStartNanos) / 1e9, when);
    }

    /** Forgets what it delivered in the previous run (a lost worker stays lost). */
    synchronized void resetForRun() {
        lostAfterMs = -1;
        silentBeforeLossMs = 0;
        lostReason = null;
        lastHeardNanos = -1;
        firstUnreachableNanos = unreachableSinceNanos;
    }

    synchronized boolean lost() {
        return lost;
    }

    /** How far into the run it was last heard from (ms), or -1. */
    synchronized long lostAfterMs() {
        return lostAfterMs;
    }

    /** From its last interval to the moment it was found unreachable: when it went is not known more closely. */
    synchronized long silentBeforeLossMs() {
        return silentBeforeLossMs;
    }

    synchronized String lostReason() {
        return lostReason;
    }
}
