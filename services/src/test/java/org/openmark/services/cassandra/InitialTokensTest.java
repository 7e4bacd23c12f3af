package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InitialTokensTest {

    @Test
    void of_oneNode_eightEqualStepsFromTheLowestToken() {
        // the values bin/lib/services-cassandra.sh computed with bash's 64-bit arithmetic
        assertEquals(List.of(-9223372036854775807L, -6917529027641081857L, -4611686018427387907L, -2305843009213693957L,
                -7L, 2305843009213693943L, 4611686018427387893L, 6917529027641081843L), InitialTokens.of(1, 1, 8));
    }

    @Test
    void of_secondOfThree_asTheBashScriptComputedThem() {
        assertEquals(List.of(-8454757700450211157L, -6148914691236517207L, -3843071682022823257L, -1537228672809129307L,
                768614336404564643L, 3074457345618258593L, 5380300354831952543L, 7686143364045646493L),
                InitialTokens.of(2, 3, 8));
    }

    @Test
    void of_everyNodeOfN_interleavedWithEqualSteps() {
        for (int n = 1; n <= CassandraSettings.MAX_NODES; n++) {
            List<Long> ring = new ArrayList<>();
            for (int k = 0; k < 8; k++) {
                for (int node = 1; node <= n; node++) {
                    ring.add(InitialTokens.of(node, n, 8).get(k));
                }
            }
            long step = 2 * (Long.MAX_VALUE / (n * 8L));
            for (int s = 1; s < ring.size(); s++) {
                assertEquals(step, ring.get(s) - ring.get(s - 1), "slot " + s + " of " + n + " nodes");
            }
            assertEquals(-Long.MAX_VALUE, ring.get(0));
        }
    }
}
