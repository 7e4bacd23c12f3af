package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a lost worker went is bounded by its last interval and the moment it was found unreachable. */
class WorkerLivenessTest {
    private static final long START = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    @Test
    void lose_afterUnreachable_boundsTheLossBetweenLastIntervalAndUnreachable() {
        WorkerLiveness l = new WorkerLiveness();
        l.heard(START + 2_500 * MS);
        assertTrue(l.unreachable(START + 3_000 * MS));
        assertFalse(l.unreachable(START + 4_000 * MS), "already unreachable: the first moment counts");
        l.lose("left the cluster (removed)", START + 8_000 * MS, START);

        assertTrue(l.lost());
        assertEquals(2_500, l.lostAfterMs());
        assertEquals(500, l.silentBeforeLossMs());
        assertEquals("left the cluster (removed); last heard 2.5 s into the run, found unreachable at 3.0 s",
                l.lostReason());
    }

    @Test
    void lose_neverHeardNorUnreachable_countsFromTheStartToNow() {
        WorkerLiveness l = new WorkerLiveness();
        l.lose("failed: boom", START + 1_200 * MS, START);

        assertEquals(0, l.lostAfterMs());
        assertEquals(1_200, l.silentBeforeLossMs());
        assertEquals("failed: boom; last heard 0.0 s into the run, found unreachable at 1.2 s", l.lostReason());
    }

    @Test
    void reachable_afterUnreachable_isReportedOnlyForAWorkerNotLost() {
        WorkerLiveness l = new WorkerLiveness();
        assertFalse(l.reachable(), "it never was unreachable");
        l.unreachable(START);
        assertTrue(l.reachable());
        l.unreachable(START);
        l.gone();
        assertFalse(l.reachable());
    }

    @Test
    void resetForRun_forgetsTheRunButALostWorkerStaysLost() {
        WorkerLiveness l = new WorkerLiveness();
        l.heard(START + 100 * MS);
        l.lose("gone", START + 200 * MS, START);
        l.resetForRun();

        assertTrue(l.lost());
        assertEquals(-1, l.lostAfterMs());
        assertEquals(0, l.silentBeforeLossMs());
        assertNull(l.lostReason());
    }

    @Test
    void lose_afterFlappingUnreachable_saysWhenItWasFirstFoundUnreachable() {
        WorkerLiveness l = new WorkerLiveness();
        l.heard(START + 12_000 * MS);
        l.unreachable(START + 13_400 * MS);
        l.reachable();
        l.unreachable(START + 15_700 * MS);
        l.lose("left the cluster (removed)", START + 23_000 * MS, START);

        assertEquals("left the cluster (removed); last heard 12.0 s into the run, found unreachable at 13.4 s",
                l.lostReason());
        assertEquals(1_400, l.silentBeforeLossMs());
    }

    @Test
    void lose_unreachableBeforeTheRunStarted_saysSoInsteadOfANegativeTime() {
        WorkerLiveness l = new WorkerLiveness();
        l.unreachable(START - 500 * MS);
        l.lose("left the cluster (downed)", START + 9_000 * MS, START);

        assertEquals("left the cluster (downed); last heard 0.0 s into the run, found unreachable before the run"
                + " started", l.lostReason());
    }
}
