package org.openmark.store.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HiccupTest {

    @Test
    void startsIn_oneOff_countsOnlyWhenStartInHalfOpenInterval() {
        Hiccup h = Hiccup.once(10, 3);
        assertEquals(1, h.startsIn(9, 10));
        assertEquals(0, h.startsIn(10, 20));
        assertEquals(0, h.startsIn(0, 9));
        assertEquals(1, h.startsIn(-1, 100));
    }

    @Test
    void startsIn_periodic_countsEveryOccurrence() {
        Hiccup h = new Hiccup(10, 1, 5, 0);   // 10, 15, 20, 25, ...
        assertEquals(3, h.startsIn(10, 25));  // 15, 20, 25
        assertEquals(4, h.startsIn(9, 25));   // 10, 15, 20, 25
        assertEquals(0, h.startsIn(11, 14));
        assertEquals(1, h.startsIn(14, 17));
        assertEquals(2001, h.startsIn(-1, 10_010));
    }

    @Test
    void startsIn_periodicWithCount_stopsAtCount() {
        Hiccup h = new Hiccup(10, 1, 5, 3);   // 10, 15, 20 only
        assertEquals(3, h.startsIn(0, 1000));
        assertEquals(1, h.startsIn(15, 1000));
        assertEquals(0, h.startsIn(20, 1000));
    }

    @Test
    void startsIn_emptyInterval_isZero() {
        assertEquals(0, new Hiccup(0, 1, 1, 0).startsIn(5, 5));
    }

    @Test
    void constructor_negativeValue_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Hiccup(-1, 1, 0, 1));
    }
}
