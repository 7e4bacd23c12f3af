package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The token-aware WARS model against closed forms: remote W uniform over 0..9 ms, everything else fixed. */
class TokenAwareWarsTest {
    private static final long TRIALS = 400_000;
    private static final double[] TEN = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    private static final double[] NONE = {};

    private static double tolerance(double p) {
        return 5 * Math.sqrt(Math.max(p * (1 - p), 1e-4) / TRIALS);
    }

    /**
     * N=3, W=1, R=1. The coordinator applies at once and acknowledges after 0.5 ms, the others' acks
     * take 100 ms (the local one commits): c = 0.5. The read's coordinator is the write's (1/3, consistent)
     * or another, consistent iff its W <= 0.5 + t: P(t) = 1/3 + 2/3 · #{k <= 0.5 + t} / 10.
     */
    @Test
    void pConsistent_oneOneLocalCommit_closedForm() {
        TokenAwareWars.Pools pools = new TokenAwareWars.Pools(new double[] {0}, new double[] {0.5}, TEN,
                new double[] {100}, new double[] {0}, new double[] {0}, NONE, NONE);
        double[] p = TokenAwareWars.pConsistent(3, 1, 1, pools, new double[] {0, 2, 9}, TRIALS, new SplittableRandom(1));
        double[] expected = {1.0 / 3 + 2.0 / 3 * 0.1, 1.0 / 3 + 2.0 / 3 * 0.3, 1.0};
        for (int i = 0; i < p.length; i++) {
            assertEquals(expected[i], p[i], tolerance(expected[i]), "t index " + i);
        }
    }

    /** The delays between commit and read (client's ways, probe lateness) shift t: extra 1 + 0.5 ms at t=0 is t=1.5. */
    @Test
    void pConsistent_extraDelays_shiftTheOffsets() {
        TokenAwareWars.Pools pools = new TokenAwareWars.Pools(new double[] {0}, new double[] {0.5}, TEN,
                new double[] {100}, new double[] {0}, new double[] {0}, new double[] {1}, new double[] {0.5});
        double[] p = TokenAwareWars.pConsistent(3, 1, 1, pools, new double[] {0}, TRIALS, new SplittableRandom(2));
        double expected = 1.0 / 3 + 2.0 / 3 * 0.3; // W <= 0.5 + 1.5 = 2: k in {0, 1, 2}
        assertEquals(expected, p[0], tolerance(expected));
    }

    /**
     * W=2: the write commits at the second ack, min over the two others of W + 0.1 (the local ack at 0
     * first): c = 0.1 + min(W1, W2). A read of another replica j at t=0 sees it iff W_j <= c, i.e. iff
     * W_j is the smaller of the two (ties included): P = 1/3 + 2/3 · P(W_j <= W_k) = 1/3 + 2/3 · 0.55.
     */
    @Test
    void pConsistent_twoOneCommitAtTheSecondAck_closedForm() {
        TokenAwareWars.Pools pools = new TokenAwareWars.Pools(new double[] {0}, new double[] {0}, TEN,
                new double[] {0.1}, new double[] {0}, new double[] {0}, NONE, NONE);
        double[] p = TokenAwareWars.pConsistent(3, 1, 2, pools, new double[] {0}, TRIALS, new SplittableRandom(3));
        double expected = 1.0 / 3 + 2.0 / 3 * 0.55;
        assertEquals(expected, p[0], tolerance(expected));
    }

    /** R=2 reads the coordinator's copy and one other: with W=1 at N=2 every read meets the coordinator. */
    @Test
    void pConsistent_readsOverlapTheWrite_always() {
        TokenAwareWars.Pools pools = new TokenAwareWars.Pools(new double[] {0}, new double[] {0}, TEN,
                new double[] {100}, new double[] {0}, new double[] {0}, NONE, NONE);
        double[] p = TokenAwareWars.pConsistent(2, 2, 1, pools, new double[] {0}, 10_000, new SplittableRandom(4));
        assertArrayEquals(new double[] {1.0}, p);
    }

    /**
     * Whole pairs: one where node 1 applied at 2 ms and read 1 ms after the read's receipt, node 2 at 4 and 0,
     * the coordinator at 0 acknowledging at 0.5; one where everything is at once. At t: the first is
     * consistent on node 0 always, node 1 from t = 0.5, node 2 from t = 3.5; the second always.
     */
    @Test
    void pConsistentJoint_twoScenarios_closedForm() {
        java.util.List<TokenAwareWars.Scenario> scenarios = java.util.List.of(
                new TokenAwareWars.Scenario(new double[] {0, 2, 4}, new double[] {0.5, 100, 100}, new double[] {0, 1, 0}, 0),
                new TokenAwareWars.Scenario(new double[] {0, 0, 0}, new double[] {0, 0, 0}, new double[] {0, 0, 0}, 0));
        double[] p = TokenAwareWars.pConsistentJoint(1, 1, scenarios, NONE, new double[] {0, 1, 4}, TRIALS,
                new SplittableRandom(5));
        double[] expected = {0.5 / 3 + 0.5, 0.5 * 2 / 3 + 0.5, 1.0};
        for (int i = 0; i < p.length; i++) {
            assertEquals(expected[i], p[i], tolerance(expected[i]), "t index " + i);
        }
    }

    @Test
    void pConsistent_sameSeed_sameResult() {
        TokenAwareWars.Pools pools = new TokenAwareWars.Pools(new double[] {0.2}, new double[] {0}, TEN,
                new double[] {1}, new double[] {0.1}, new double[] {0.3}, new double[] {0.4}, NONE);
        assertArrayEquals(TokenAwareWars.pConsistent(3, 1, 1, pools, new double[] {0, 1}, 5000, new SplittableRandom(9)),
                TokenAwareWars.pConsistent(3, 1, 1, pools, new double[] {0, 1}, 5000, new SplittableRandom(9)));
    }
}
