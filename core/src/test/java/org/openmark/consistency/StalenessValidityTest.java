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

    /** A driver's message over several lines (PostgreSQL's) is one line in the warning and the JSON. */
    @Test
    void aStoreMessageOverSeveralLines_oneLineInTheWarning() {
        StalenessResult r = result(0, 0, Map.of(0.0, 0L), Map.of(0.0, 0L), new FailedRequests(Map.of(Status.ERROR, 20L),
                Map.of(), "ERROR: relation \"usertable\" does not exist\n  Position: 8 (SQLState 42P01)\n"));
        assertEquals("no write was acknowledged (20 of 20 writes failed: ERROR 20; last: ERROR: relation \"usertable\" does"
                + " not exist Position: 8 (SQLState 42P01))", r.invalidReasons(0.01).get(0));
        assertEquals("ERROR: relation \"usertable\" does not exist Position: 8 (SQLState 42P01)", r.json().get("lastFailure"));
    }

    /** A figure without data is unknown: n/a in the text, null in the JSON, never 0 ms. */
    @Test
    void nothingSeenAndNothingProbed_figuresWithoutDataAreUnknownNotZero() {
        StalenessResult r = result(0, 0, Map.of(0.0, 0L), Map.of(0.0, 0L), FailedRequests.NONE);
        for (String figure : List.of("TVisibilityp50", "TVisibilityp999", "TVisibilitymax", "ProbeLatep99",
                "ProbeLatemax")) {
            assertTrue(r.text().contains("[STALENESS], " + figure + "(ms), n/a\n"), figure + "\n" + r.text());
        }
        Map<?, ?> tv = (Map<?, ?>) r.json().get("tVisibilityMs");
        assertTrue(tv.containsKey("p50") && tv.get("p50") == null && tv.get("max") == null, tv::toString);
        Map<?, ?> late = (Map<?, ?>) r.json().get("probeLateMs");
        assertTrue(late.containsKey("p99") && late.get("p99") == null, late::toString);
    }

    @Test
    void readsAnsweredButNoWriteEverSeen_notValid() {
        // 100 writes, 200 reads answered, none saw its write (a store that keeps nothing).
        StalenessResult r = result(100, 200, Map.of(0.0, 0L, 50.0, 0L), Map.of(0.0, 100L, 50.0, 100L),
                FailedRequests.NONE);
        assertEquals(0.0, r.pConsistentAt().get(50.0), "measured: no read saw its write");
        assertEquals(List.of("none of the 100 acknowledged writes was seen by any of the 200 reads answered, up to 50 ms"
                + " after the acknowledgement: the store does not give back what it is written (it keeps nothing, as"
                + " noop does), or its replicas lag more than that (--probes can reach further)"), r.invalidReasons(0.01));

        Histogram oneSeen = new Histogram(3);
        oneSeen.recordValue(50_000);
        StalenessResult seen = new StalenessResult(100, 200, 199, new TreeMap<>(Map.of(0.0, 0L, 50.0, 1L)),
                new TreeMap<>(Map.of(0.0, 100L, 50.0, 100L)), oneSeen, 99, Map.of(), FailedRequests.NONE,
                new Histogram(3));
        assertEquals(List.of(), seen.invalidReasons(0.01), "one write seen: a measurement");
        assertEquals(50.0, seen.tVisibilityMs().get("max"), 0.1);
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
