package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ClientSlotsTest {
    @Test
    void enterAndLeave_countedInStore_withTheIntendedStart() {
        ClientSlots slots = new ClientSlots(3);
        assertEquals(0, slots.inStore());
        slots.enter(0, 0);
        slots.enter(2, 1_500);
        assertEquals(2, slots.inStore());
        assertEquals(0, slots.intendedStart(0));
        assertEquals(-1, slots.intendedStart(1));
        assertEquals(1_500, slots.intendedStart(2));
        slots.leave(0);
        assertEquals(1, slots.inStore());
        assertEquals(-1, slots.intendedStart(0));
    }

    @Test
    void gauges_countTheSlotsBesideTheCounter() {
        Gauges gauges = new Gauges();
        ClientSlots slots = new ClientSlots(2);
        gauges.countAlso(slots::inStore);
        gauges.operationStarted();
        slots.enter(1, 5);
        assertEquals(2, gauges.inFlight());
        slots.leave(1);
        gauges.operationEnded();
        assertEquals(0, gauges.inFlight());
    }

    @Test
    void lastAnswer_movesOnlyWhenAGrainBehind() {
        LastAnswer last = new LastAnswer(1_000);
        last.answered(1_000 + LastAnswer.GRAIN_NANOS - 1);
        assertEquals(1_000, last.nanos());
        last.answered(1_000 + LastAnswer.GRAIN_NANOS);
        assertEquals(1_000 + LastAnswer.GRAIN_NANOS, last.nanos());
        last.answered(5); // an older answer never moves it back
        assertEquals(1_000 + LastAnswer.GRAIN_NANOS, last.nanos());
    }
}
