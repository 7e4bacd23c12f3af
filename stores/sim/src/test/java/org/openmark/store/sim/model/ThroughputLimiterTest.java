package org.openmark.store.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-computed cases of the counter model C(t_i) = max(0, C(t_{i-1}) - λΔ) (+ λH), T = C/λ, C += 1. */
class ThroughputLimiterTest {
    private static final long MS = 1_000_000L;

    @Test
    void admit_burstThenGap_queuesAndDrainsAsHandComputed() {
        // λ = 1000 ops/s: one request drains per millisecond.
        ThroughputLimiter limiter = new ThroughputLimiter(1000, List.of());
        assertEquals(0, limiter.admit(0));                 // C=0, T=0, then C=1
        assertEquals(1.0, limiter.outstandingRequests(), 1e-9);
        assertEquals(1 * MS, limiter.admit(0));            // Δ=0: C=1, T=1ms, C=2
        assertEquals(1_500_000, limiter.admit(MS / 2));     // C = 2 - 0.5 = 1.5, T=1.5ms, C=2.5
        assertEquals(2.5, limiter.outstandingRequests(), 1e-9);
        assertEquals(0, limiter.admit(5 * MS));            // C = max(0, 2.5 - 4.5) = 0, T=0, C=1
        assertEquals(1.0, limiter.outstandingRequests(), 1e-9);
        assertEquals(2.5, limiter.maxOutstandingRequests(), 1e-9);
    }

    @Test
    void admit_hiccupBetweenTwoArrivals_addsLambdaTimesHToTheCounter() {
        // Hiccup of 10 ms starting at 6 ms, between arrivals at 5 ms and 7 ms.
        ThroughputLimiter limiter = new ThroughputLimiter(1000, List.of(Hiccup.once(6 * MS, 10 * MS)));
        assertEquals(0, limiter.admit(5 * MS));            // C=0 → 1
        // C = max(0, 1 - 2) = 0; + λH = 1000/s * 10ms = 10 → T = 10 ms; C = 11
        assertEquals(10 * MS, limiter.admit(7 * MS));
        assertEquals(11.0, limiter.outstandingRequests(), 1e-9);
        // C = 11 - 5 = 6 → T = 6 ms; C = 7
        assertEquals(6 * MS, limiter.admit(12 * MS));
        assertEquals(10 * MS, limiter.hiccupNanosInjected());
    }

    @Test
    void admit_periodicHiccup_everyStartInTheIntervalCounts() {
        // 2 ms hiccups at 100, 150, 200, 250, ... ms; λ = 1000 ops/s.
        ThroughputLimiter limiter = new ThroughputLimiter(1000, List.of(new Hiccup(100 * MS, 2 * MS, 50 * MS, 0)));
        assertEquals(0, limiter.admit(99 * MS));           // no start in (-1, 99ms]; C → 1
        // start at 100 in (99, 101]: C = max(0, 1 - 2) + 2 = 2 → T = 2 ms; C = 3
        assertEquals(2 * MS, limiter.admit(101 * MS));
        // starts at 150, 200, 250 in (101, 260]: C = max(0, 3 - 159) + 3*2 = 6 → T = 6 ms; C = 7
        assertEquals(6 * MS, limiter.admit(260 * MS));
        assertEquals(7.0, limiter.outstandingRequests(), 1e-9);
        assertEquals(8 * MS, limiter.hiccupNanosInjected());
    }

    @Test
    void admit_periodicHiccupWithCount_stopsAfterCount() {
        ThroughputLimiter limiter = new ThroughputLimiter(1000, List.of(new Hiccup(10 * MS, 1 * MS, 10 * MS, 2)));
        limiter.admit(0);
        // starts at 10 and 20 only (count 2), although 30, 40 would lie in (0, 45]
        assertEquals(2 * MS, limiter.admit(45 * MS));
    }

    @Test
    void admit_hiccupAtTimeZero_countsForTheFirstArrival() {
        ThroughputLimiter limiter = new ThroughputLimiter(100, List.of(Hiccup.once(0, 30 * MS)));
        // C = 0 + 100/s * 30 ms = 3 → T = 3 / 100 s = 30 ms
        assertEquals(30 * MS, limiter.admit(0));
        assertEquals(4.0, limiter.outstandingRequests(), 1e-9);
    }

    @Test
    void admit_fractionalServiceTime_matchesCounterFormula() {
        // λ = 3 ops/s: C/λ is not a whole number of nanoseconds; T is rounded to the nearest ns.
        ThroughputLimiter limiter = new ThroughputLimiter(3, List.of());
        limiter.admit(0);
        limiter.admit(0);
        // C = 2 → T = 2/3 s
        assertEquals(666_666_667, limiter.admit(0));
        // C = max(0, 3 - 3 * 0.5) = 1.5 → T = 0.5 s
        assertEquals(500_000_000, limiter.admit(500 * MS));
    }

    @Test
    void admit_unlimitedNode_neverQueuesWithoutHiccups() {
        ThroughputLimiter limiter = new ThroughputLimiter(0, List.of());
        for (int i = 0; i < 1000; i++) {
            assertEquals(0, limiter.admit(0));
        }
        assertEquals(0.0, limiter.outstandingRequests());
    }

    @Test
    void admit_unlimitedNodeWithHiccup_delaysUntilTheBacklogDrains() {
        // λ → ∞: the hiccup's backlog H drains in real time, requests add nothing.
        ThroughputLimiter limiter = new ThroughputLimiter(0, List.of(Hiccup.once(10 * MS, 5 * MS)));
        assertEquals(0, limiter.admit(9 * MS));
        assertEquals(5 * MS, limiter.admit(11 * MS));
        assertEquals(3 * MS, limiter.admit(13 * MS));
        assertEquals(0, limiter.admit(20 * MS));
    }

    @Test
    void admit_arrivalGoesBack_isRejected() {
        ThroughputLimiter limiter = new ThroughputLimiter(10, List.of());
        limiter.admit(5);
        assertThrows(IllegalArgumentException.class, () -> limiter.admit(4));
    }

    @Test
    void constructor_negativeThroughput_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ThroughputLimiter(-1, List.of()));
    }
}
