package org.openmark.load;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Watches an unpaced closed-model client in virtual time for a clock that stands still. Such a
 * client waits for nothing but the store; when the store's calls take no virtual time, the client
 * holds the clock's turn and issues operations at one instant without end, and a run bounded by
 * its duration never ends. The run refuses that case before it starts when the store says its
 * calls never take time ({@code Store.callsTakeTime}); this watch catches the rest: a store whose
 * calls could take time but do not in this workload (reads from a node without latency, while
 * only writes wait). After {@value #LIMIT} operations in a row at one instant, all answered at
 * once, the client gives the run up. The count is of operations, not of real time, so the same
 * run gives up at the same operation on any machine.
 *
 * <p>One per client thread; the flag is shared by the phase's clients.
 */
final class StandstillWatch {
    /** Operations in a row at one virtual instant after which a client gives the run up. */
    static final long LIMIT = 1_000_000;

    private final AtomicBoolean stoodStill;
    private long instant = Long.MIN_VALUE;
    private long inARow;

    /** @param stoodStill set when a client gave the run up */
    StandstillWatch(AtomicBoolean stoodStill) {
        this.stoodStill = stoodStill;
    }

    /**
     * Notes {@code calls} operations made one after another from {@code start} to {@code end}
     * (clock nanos); true, with the shared flag set, once {@value #LIMIT} operations in a row have
     * started and ended at one instant.
     */
    boolean stuck(long start, long end, int calls) {
        if (start != end || end != instant) {
            instant = end;
            inARow = 0;
            if (start != end) {
                return false;
            }
        }
        inARow += calls;
        if (inARow >= LIMIT) {
            stoodStill.set(true);
            return true;
        }
        return false;
    }

    /** Why the run was given up, for its warnings. */
    static String reason(String duration) {
        return String.format(Locale.ROOT, "virtual time stood still: a client made %,d operations in a row at one"
                + " instant, each answered in no virtual time, so the run would never have reached the end of its"
                + " duration (%s) and was given up; %s", LIMIT, duration, ClosedModel.WHAT_MAKES_TIME_PASS);
    }
}
