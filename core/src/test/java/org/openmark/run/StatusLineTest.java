package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;

/** The live line: the store's failures as errors, reads that found nothing as their own word. */
class StatusLineTest {

    private static String line(int ok, int notFound, int unavailable) {
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        for (int i = 0; i < ok; i++) {
            w.record("READ", Status.OK, 0, 0, 1_000_000);
        }
        for (int i = 0; i < notFound; i++) {
            w.record("READ", Status.NOT_FOUND, 0, 0, 1_000_000);
        }
        for (int i = 0; i < unavailable; i++) {
            w.record("UPDATE", Status.SERVICE_UNAVAILABLE, 0, 0, 1_000_000);
        }
        return StatusLine.format(StatusLine.seconds(8), ok + notFound + unavailable, m.collectInterval(0, 1000), 0, -1, false);
    }

    @Test
    void notFound_isAnAnswerShownOnItsOwnNotAnError() {
        String s = line(100, 306, 0);
        assertFalse(s.contains("errors"), s);
        assertTrue(s.contains("; not found 306"), s);
    }

    @Test
    void storeFailures_areErrorsByStatus() {
        String s = line(100, 5, 812);
        assertTrue(s.contains("; errors 812 (SERVICE_UNAVAILABLE 812); not found 5"), s);
    }

    @Test
    void healthyInterval_saysNeither() {
        String s = line(100, 0, 0);
        assertFalse(s.contains("errors") || s.contains("not found"), s);
    }
}
