package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.WarsTracing;
import org.openmark.pbs.TokenAwareWars;

/** A traced pair as the joint model's scenario: the delays of each node taken together, by name. */
class TracedPairTest {

    /**
     * Write coordinated by a (own copy at 0.4), b and c messaged (W 2.0 and 3.0, A 0.5 and 0.7); read
     * coordinated by c (own read at 0.2), a and b messaged (R 1.1 and 1.3, in that order).
     */
    @Test
    void scenario_nodesByName_eachReplicasDelaysTogether() {
        TracedPair pair = new TracedPair(new double[] {2.0, 3.0}, new double[] {0.5, 0.7}, new double[] {1.1, 1.3},
                new double[] {0.1, 0.1}, 0.4, 0, 0.2, 0.8, new WarsTracing.Nodes("a", List.of("b", "c"), "c",
                        List.of("a", "b")));
        TokenAwareWars.Scenario s = pair.scenario();
        assertArrayEquals(new double[] {0.4, 2.0, 3.0}, s.visible());
        assertArrayEquals(new double[] {0.4, 2.5, 3.7}, s.acked(), 1e-12);
        assertArrayEquals(new double[] {1.1, 1.3, 0.2}, s.read(), "a and b messaged, c its own");
        assertEquals(0.8, s.client());
    }

    /**
     * Traced at ONE: a acknowledged its own copy at 0.4, b and c after the answer (A unknown). A
     * larger W waits for them: each is taken to come back as its answer to the read did (b's S
     * 0.3: 2.0 + 0.3), and not before the last traced acknowledgement (0.4). The read's answers: c
     * its own read, a and b their R and S.
     */
    @Test
    void scenario_acknowledgementsAfterTheAnswer_takenAsTheReadsWayBack() {
        TracedPair pair = new TracedPair(new double[] {2.0, 3.0}, new double[] {Double.NaN, Double.NaN},
                new double[] {1.1, 1.3}, new double[] {0.2, 0.3}, 0.4, 0, 0.2, 0.8, new WarsTracing.Nodes("a",
                        List.of("b", "c"), "c", List.of("a", "b")));
        TokenAwareWars.Scenario s = pair.scenario();
        assertArrayEquals(new double[] {0.4, 2.3, 3.2}, s.acked(), 1e-12,
                "c coordinated the read: the pair's median S (the lower of 0.2 and 0.3) stands in");
        assertArrayEquals(new double[] {1.3, 1.6, 0.2}, s.answered(), 1e-12);
        // the W-th acknowledgement at the traced level is the one traced
        assertEquals(0.4, TokenAwareWars.writeLatencies(1, List.of(s))[0] - s.client(), 1e-12);
    }

    @Test
    void scenario_aReplicaWithoutItsRead_none() {
        TracedPair pair = new TracedPair(new double[] {2.0, 3.0}, new double[] {0.5, 0.7}, new double[] {1.1},
                new double[] {0.1}, 0.4, 0, 0.2, 0.8, new WarsTracing.Nodes("a", List.of("b", "c"), "c", List.of("a")));
        assertNull(pair.scenario(), "b's read is missing from the trace");
        assertNull(new TracedPair(new double[] {2.0}, new double[] {0.5}, new double[] {1.1}, new double[] {0.1}, 0.4, 0,
                0.2, 0.8).scenario(), "nodes not known");
    }

    @Test
    void new_roundsToTheMicrosecond() {
        TracedPair pair = new TracedPair(new double[] {1.23456}, new double[] {0}, new double[] {0}, new double[] {0},
                0.0004, 0, Double.NaN, Double.NaN);
        assertArrayEquals(new double[] {1.235}, pair.w());
        assertEquals(0.0, pair.wLocal());
        assertEquals(Double.NaN, pair.rLocal());
    }
}
