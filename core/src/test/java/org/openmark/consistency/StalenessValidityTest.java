package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A staleness measurement is evidence only when something was measured: an offset without a
 * successful read has no P(consistent) (never 1.0), and failures above the budget void it.
 */
class StalenessValidityTest {

    private static StalenessResult result(long writes, long reads, Map<Double, Long> consistent,
            Map<Double, Long> probed, long errors) {
        return new StalenessResult(writes, reads, 0, new TreeMap<>(consistent), new TreeMap<>(probed),
                new Histogram(3), 0, Map.of(), errors, new Histogram(3));
    }

    @Test
    void noWriteAcknowledged_noProbabilityAnywhereAndNotValid() {
        // A closed port: 2000 writes failed, nothing read.
        StalenessResult r = result(0, 0, Map.of(0.0, 0L, 5.0, 0L), Map.of(0.0, 0L, 5.0, 0L), 2000);
        assertNull(r.pConsistentAt().get(0.0));
        assertNull(r.pConsistentAt().get(5.0));
        assertTrue(r.text().contains("[STALENESS], PConsistentAt(0ms), n/a"), r.text());
        List<String> reasons = r.invalidReasons(0.01);
        assertEquals("no write was acknowledged (2000 requests failed)", reasons.get(0));
        assertTrue(reasons.get(1).startsWith("2000 of 2000 requests failed (100.0%)"), reasons::toString);
        assertTrue(((Map<?, ?>) r.json().get("pConsistentAt")).containsValue(null));
    }

    @Test
    void anOffsetWhoseReadsAllFailed_isUnknownNotConsistent() {
        // 100 writes; at 0 ms all 100 reads succeeded (60 saw the write), at 5 ms all 100 failed.
        StalenessResult r = result(100, 200, Map.of(0.0, 60L, 5.0, 0L), Map.of(0.0, 100L, 5.0, 0L), 100);
        assertEquals(0.6, r.pConsistentAt().get(0.0), 1e-9);
        assertNull(r.pConsistentAt().get(5.0));
        assertEquals(300, r.requests(), "100 writes and 200 reads");
        List<String> reasons = r.invalidReasons(0.5);
        assertEquals(List.of("no read succeeded at 5 ms: P(consistent) there is unknown"), reasons);
    }

    @Test
    void failuresWithinTheBudget_valid() {
        // 1000 writes (10 more failed), 2000 reads of which 5 failed: 15 of 3010 requests.
        StalenessResult r = result(1000, 2000, Map.of(0.0, 900L, 5.0, 995L), Map.of(0.0, 998L, 5.0, 997L), 15);
        assertEquals(3010, r.requests());
        assertEquals(List.of(), r.invalidReasons(0.01));
        assertTrue(r.invalidReasons(0.001).get(0).startsWith("15 of 3010 requests failed (0.5%), more than the error"
                + " budget of 0.1%"), r.invalidReasons(0.001)::toString);
    }
}
