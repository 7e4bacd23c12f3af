package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CloseGuardTest {
    private final CloseGuard guard = new CloseGuard();

    @Test
    void closeAndAwait_slotBusy_waitsUntilItExits() {
        CloseGuard.Slot busy = guard.newSlot();
        CloseGuard.Slot idle = guard.newSlot();
        assertTrue(busy.enter());
        AtomicInteger waitSteps = new AtomicInteger();
        // The wait step stands in for time passing: the operation finishes on the third step.
        assertTrue(guard.closeAndAwait(() -> {
            if (waitSteps.incrementAndGet() == 3) {
                busy.exit();
            }
        }));
        assertEquals(3, waitSteps.get());
        assertFalse(idle.enter());
    }

    @Test
    void closeAndAwait_noneBusy_returnsWithoutWaiting() {
        CloseGuard.Slot slot = guard.newSlot();
        assertTrue(slot.enter());
        slot.exit();
        AtomicInteger waitSteps = new AtomicInteger();
        assertTrue(guard.closeAndAwait(waitSteps::incrementAndGet));
        assertEquals(0, waitSteps.get());
    }

    @Test
    void enter_afterClose_refusedAlsoForNewSlots() {
        guard.closeAndAwait(() -> { });
        assertFalse(guard.newSlot().enter());
    }

    @Test
    void closeAndAwait_secondCall_false() {
        assertTrue(guard.closeAndAwait(() -> { }));
        assertFalse(guard.closeAndAwait(() -> { }));
    }

    @Test
    void pauseAndAwait_slotBusy_waitsAndRefusesNewOperationsUntilResume() {
        CloseGuard.Slot busy = guard.newSlot();
        CloseGuard.Slot idle = guard.newSlot();
        assertTrue(busy.enter());
        AtomicInteger waitSteps = new AtomicInteger();
        assertTrue(guard.pauseAndAwait(() -> {
            if (waitSteps.incrementAndGet() == 2) {
                busy.exit();
            }
        }));
        assertEquals(2, waitSteps.get());
        assertFalse(idle.enter());
        assertFalse(guard.newSlot().enter());

        guard.resume();

        assertTrue(idle.enter());
        assertTrue(guard.newSlot().enter());
    }

    @Test
    void pauseAndAwait_alreadyPausedOrClosed_false() {
        assertTrue(guard.pauseAndAwait(() -> { }));
        assertFalse(guard.pauseAndAwait(() -> { }));
        guard.resume();
        guard.closeAndAwait(() -> { });
        assertFalse(guard.pauseAndAwait(() -> { }));
    }

    @Test
    void resume_closedWhilePaused_staysClosed() {
        assertTrue(guard.pauseAndAwait(() -> { }));
        assertTrue(guard.closeAndAwait(() -> { }));

        guard.resume();

        assertFalse(guard.newSlot().enter());
    }
}
