package org.openmark.store.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyHistoryTest {

    private static Version version(long seq, long write, long secondaryDelay, boolean tombstone) {
        return new Version(seq, write, new long[] {write, write + secondaryDelay}, tombstone ? null : Map.of());
    }

    @Test
    void visibleAt_secondaryBeforeDelay_seesOlderVersion() {
        KeyHistory h = new KeyHistory();
        Version v1 = version(1, 0, 10, false);
        Version v2 = version(2, 5, 10, false);
        h.append(v1);
        h.append(v2);
        assertSame(v2, h.visibleAt(0, 5));
        assertNull(h.visibleAt(1, 9));
        assertSame(v1, h.visibleAt(1, 10));
        assertSame(v1, h.visibleAt(1, 14));
        assertSame(v2, h.visibleAt(1, 15));
        assertSame(v2, h.firstAfter(1));
        assertNull(h.firstAfter(2));
    }

    @Test
    void prune_keepsNewestVisibleEverywhereAndNewer() {
        KeyHistory h = new KeyHistory();
        h.append(version(1, 0, 10, false));
        h.append(version(2, 5, 10, false));
        h.append(version(3, 6, 100, false));
        h.prune(14);
        assertEquals(3, h.size());        // v1 is the newest visible everywhere: nothing older to drop
        h.prune(15);
        assertEquals(2, h.size());        // v2 visible everywhere: v1 gone
        assertEquals(2, h.firstAfter(0).seq());
        h.prune(106);
        assertEquals(1, h.size());
    }

    @Test
    void isForgettable_onlyForASingleTombstoneSeenEverywhere() {
        KeyHistory h = new KeyHistory();
        h.append(version(1, 0, 10, false));
        h.append(version(2, 1, 10, true));
        h.prune(5);
        assertFalse(h.isForgettable(5));
        h.prune(11);
        assertTrue(h.isForgettable(11));
    }

    @Test
    void append_wrongSeq_isRejected() {
        KeyHistory h = new KeyHistory();
        assertThrows(IllegalArgumentException.class, () -> h.append(version(2, 0, 0, false)));
    }
}
