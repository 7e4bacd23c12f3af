package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/**
 * A staleness measurement is evidence only when something was measured: an offset without a
 * successful read has no P(consistent) (never 1.0), and failures above the budget void it.
 */
class StalenessValidityTest {

    private static StalenessResult result(long writes, long reads, Map<Double, Long> consistent,
            Map<Double, Long> probed, FailedRequests failures) {
        return new StalenessResult(writes, reads, 0, new TreeMap<>(consistent), new TreeMap<>(probed),
                new Histogram(3), 0, Map.of(), failures, new Histogram(3));
    }

    private static FailedRequests failed(Map<Status, Long> writes, Map<Status, Long> reads) {
        return new FailedRequests(writes, reads, null);
    }

    @Test
    void noWriteAcknowledged_noProbabilityAnywhereAndNotValidWithTheStatuses() {
        // A closed port: 2000 writes failed, nothing read.
        StalenessResult r = result(0, 0, Map.of(0.0, 0L, 5.0, 0L), Map.of(0.0, 0L, 5.0, 0L),
                new FailedRequests(Map.of(Status.SERVICE_UNAVAILABLE, 2000L), Map.of(), "Connection refused"));
        assertNull(r.pConsistentAt().get(0.0));
        assertNull(r.pConsistentAt().get(5.0));
        assertTrue(r.text().contains("[STALENESS], PConsistentAt(0ms), n/a"), r.text());
        assertTrue(r.text().contains("[STALENESS], Errors, 2000\n[STALENESS], WriteErrors(SERVICE_UNAVAILABLE), 2000\n"),
                r.text());
        List<String> reasons = r.invalidReasons(0.01);
        assertEquals("no write was acknowledged (2000 of 2000 writes failed: SERVICE_UNAVAILABLE 2000; last: Connection"
                + " refused)", reasons.get(0));
        assertEquals("2000 of 2000 requests failed (100.0%: 2000 of 2000 writes failed: SERVICE_UNAVAILABLE 2000; last:"
                + " Connection refused), more than the error budget of 1% (--max-error-rate)", reasons.get(1));
        assertTrue(((Map<?, ?>) r.json().get("pConsistentAt")).containsValue(null));
        assertEquals(Map.of(Status.SERVICE_UNAVAILABLE, 2000L), r.json().get("writeErrors"));
        assertEquals("Connection refused", r.json().get("lastFailure"));
    }

    @Test
    void anOffsetWhoseReadsAllFailed_isUnknownNotConsistent() {
        // 100 writes; at 0 ms all 100 reads succeeded (60 saw the write), at 5 ms all 100 failed.
        StalenessResult r = result(100, 200, Map.of(0.0, 60L, 5.0, 0L), Map.of(0.0, 100L, 5.0, 0L),
                failed(Map.of(), Map.of(Status.TIMEOUT, 100L)));
        assertEquals(0.6, r.pConsistentAt().get(0.0), 1e-9);
        assertNull(r.pConsistentAt().get(5.0));
        assertEquals(300, r.requests(), "100 writes and 200 reads");
        List<String> reasons = r.invalidReasons(0.5);
        assertEquals(List.of("no read succeeded at 5 ms: P(consistent) there is unknown"), reasons);
        assertTrue(r.text().contains("[STALENESS], ReadErrors(TIMEOUT), 100\n"), r.text());
    }

    @Test
    void failuresWithinTheBudget_valid() {
        // 1000 writes (10 more failed), 2000 reads of which 5 failed: 15 of 3010 requests.
        StalenessResult r = result(1000, 2000, Map.of(0.0, 900L, 5.0, 995L), Map.of(0.0, 998L, 5.0, 997L),
                failed(Map.of(Status.ERROR, 4L, Status.TIMEOUT, 6L), Map.of(Status.TIMEOUT, 5L)));
        assertEquals(3010, r.requests());
        assertEquals(15, r.errors());
        assertEquals(List.of(), r.invalidReasons(0.01));
        assertEquals(List.of("15 of 3010 requests failed (0.5%: 10 of 1010 writes failed: ERROR 4, TIMEOUT 6; 5 of 2000"
                + " reads failed: TIMEOUT 5), more than the error budget of 0.1% (--max-error-rate)"),
                r.invalidReasons(0.001));
    }
}
