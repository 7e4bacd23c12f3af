package org.openmark.load.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** When the help policy brings workers, on a fake clock and a queue described by its counters. */
class HelpPolicyTest {
    private final HelpPolicy policy = new HelpPolicy();
    private final AtomicInteger signals = new AtomicInteger();
    private int awake = 1;

    private long watch(long now, long taken, long offered, int inFlight) {
        return policy.watch(now, taken, offered, inFlight, () -> awake, () -> {
            signals.incrementAndGet();
            awake++;
            return true;
        });
    }

    @Test
    void emptyQueue_noHelpAndNoNextLook() {
        assertEquals(Long.MAX_VALUE, watch(0, 5, 5, 1));
        assertEquals(0, signals.get());
    }

    @Test
    void queuedButYoungerThanTheHelpDelay_noHelpYet() {
        assertEquals(HelpPolicy.HELP_AFTER_NANOS, watch(0, 5, 6, 2));
        assertEquals(HelpPolicy.HELP_AFTER_NANOS, watch(10_000, 5, 6, 2)); // the same operation, 10 us later
        assertEquals(0, signals.get());
    }

    @Test
    void sameOperationStillQueuedAfterTheHelpDelay_oneMoreWorkerPerLook() {
        watch(0, 5, 6, 2);
        watch(HelpPolicy.HELP_AFTER_NANOS, 5, 6, 2);
        assertEquals(1, signals.get());
        watch(2 * HelpPolicy.HELP_AFTER_NANOS, 5, 7, 3);
        assertEquals(2, signals.get(), "one per look while operations still complete");
    }

    @Test
    void queueMoved_noHelp() {
        watch(0, 5, 6, 2);
        watch(HelpPolicy.HELP_AFTER_NANOS, 6, 7, 2); // the watched operation was taken; a new one is queued
        assertEquals(0, signals.get());
    }

    @Test
    void nothingCompletedForTheStuckTime_doublesTheAwakeWorkersAtMostOnePerWaitingOperation() {
        long t = 0;
        watch(t, 0, 100, 100); // 100 queued, none taken, none completed
        t += HelpPolicy.STUCK_NANOS;
        awake = 4;
        watch(t, 0, 100, 100);
        assertEquals(4, signals.get(), "as many more as are awake");
        t += HelpPolicy.HELP_AFTER_NANOS;
        watch(t, 0, 100, 100);
        assertEquals(4 + 8, signals.get(), "doubling per look");

        HelpPolicy few = new HelpPolicy();
        AtomicInteger brought = new AtomicInteger();
        few.watch(0, 0, 3, 3, () -> 50, () -> brought.incrementAndGet() > 0);
        few.watch(HelpPolicy.STUCK_NANOS, 0, 3, 3, () -> 50, () -> brought.incrementAndGet() > 0);
        assertEquals(3, brought.get(), "never more than the operations that waited");
    }
}
