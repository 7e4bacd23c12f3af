package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;

/**
 * The live line: YCSB's format first (read back by a parser written to YCSB 0.17's StatusThread and
 * OneMeasurementHdrHistogram), the latency the final report shows under each operation's name, then
 * openmark's figures: the store's failures as errors, reads that found nothing as their own word.
 */
class StatusLineTest {
    private static final long MS = 1_000_000;
    /** 2024-03-01 12:00:07.250 UTC. */
    private static final long WALL = 1_709_294_407_250L;

    /** A YCSB 0.17 status line: time, seconds, operations, rate, estimate, then the summaries. */
    private static final Pattern YCSB_LINE = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) (\\d+)"
            + " sec: (\\d+) operations; (?:([\\d.]+) current ops/sec; )?(?:est completion in ((?:\\d+ \\w+ )+))?(.*)$");
    private static final Pattern YCSB_SUMMARY = Pattern.compile("\\[([^:\\]]+): Count=(\\d+), Max=(\\d+), Min=(\\d+),"
            + " Avg=([\\d.]+), 90=([\\d.]+), 99=([\\d.]+), 99.9=([\\d.]+), 99.99=([\\d.]+)\\] ?");

    private static String line(int ok, int notFound, int unavailable) {
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        for (int i = 0; i < ok; i++) {
            w.record("READ", Status.OK, 0, 0, MS);
        }
        for (int i = 0; i < notFound; i++) {
            w.record("READ", Status.NOT_FOUND, 0, 0, MS);
        }
        for (int i = 0; i < unavailable; i++) {
            w.record("UPDATE", Status.SERVICE_UNAVAILABLE, 0, 0, MS);
        }
        return new StatusLine(StatusLine.Latency.RESPONSE, ZoneOffset.UTC).format(WALL, 8, ok + notFound + unavailable,
                m.collectInterval(0, 1000), 0, -1, false);
    }

    /** 100 reads whose response times are 1..100 ms and service times 1..100 µs, and 10 updates of 5 ms. */
    private static IntervalSnapshot interval() {
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        for (int i = 1; i <= 100; i++) {
            long end = 1000 * MS;
            w.record("READ", Status.OK, end - i * MS, end - i * 1000L, end);
        }
        for (int i = 0; i < 10; i++) {
            w.record("UPDATE", Status.OK, 0, 0, 5 * MS);
        }
        return m.collectInterval(WALL - 2000, WALL);
    }

    private static Map<String, String[]> summaries(String rest) {
        Map<String, String[]> byOp = new LinkedHashMap<>();
        Matcher s = YCSB_SUMMARY.matcher(rest);
        while (s.find()) {
            String[] figures = new String[8];
            for (int g = 0; g < 8; g++) {
                figures[g] = s.group(g + 2);
            }
            byOp.put(s.group(1), figures);
        }
        return byOp;
    }

    @Test
    void format_openModel_parsedByYcsbsFormatWithResponseTimes() {
        String text = new StatusLine(StatusLine.Latency.RESPONSE, ZoneOffset.UTC).format(WALL, 10.96, 4210, interval(),
                3, 75, false);
        Matcher m = YCSB_LINE.matcher(text);
        assertTrue(m.matches(), text);
        assertEquals("2024-03-01 12:00:07:250", m.group(1));
        assertEquals("10", m.group(2), "whole seconds, as YCSB's interval / 1000");
        assertEquals("4210", m.group(3));
        assertEquals("55", m.group(4), "110 operations in 2 s, YCSB's #.##");
        assertEquals("1 minute ", m.group(5));
        Map<String, String[]> byOp = summaries(m.group(6));
        assertEquals(2, byOp.size(), text);
        // Count, Max, Min, Avg, 90, 99, 99.9, 99.99 of 1..100 ms, in µs (HdrHistogram's equivalent values)
        String[] read = byOp.get("READ");
        assertEquals("100", read[0]);
        assertEquals(100_000, Long.parseLong(read[1]), 100);
        assertEquals(1000, Long.parseLong(read[2]), 1);
        assertEquals(50_500, Double.parseDouble(read[3]), 60);
        assertEquals(90_000, Double.parseDouble(read[4]), 100);
        assertEquals("10", byOp.get("UPDATE")[0]);
        assertTrue(text.matches(".*\\] in-flight 3; send-lag p99 \\d+ us$"), text);
    }

    @Test
    void format_closedModelWithTarget_ycsbsLatencyThenIntended() {
        String text = new StatusLine(StatusLine.Latency.SERVICE_AND_INTENDED, ZoneOffset.UTC).format(WALL, 2, 110,
                interval(), 0, -1, false);
        Matcher m = YCSB_LINE.matcher(text);
        assertTrue(m.matches(), text);
        Map<String, String[]> byOp = summaries(m.group(6));
        assertEquals(java.util.List.of("READ", "UPDATE", "Intended-READ", "Intended-UPDATE"),
                java.util.List.copyOf(byOp.keySet()), text);
        assertEquals(100, Long.parseLong(byOp.get("READ")[1]), 1, "the service time, 1..100 µs");
        assertEquals(100_000, Long.parseLong(byOp.get("Intended-READ")[1]), 100, "from the intended start");
        assertFalse(text.contains("est completion"), "no estimate when none is known");
    }

    @Test
    void format_closedModel_serviceTimesOnly() {
        String text = new StatusLine(StatusLine.Latency.SERVICE, ZoneOffset.UTC).format(WALL, 2, 110, interval(), 0, -1,
                false);
        assertEquals(java.util.Set.of("READ", "UPDATE"), summaries(text).keySet(), text);
        assertFalse(text.contains("send-lag"), "a closed model has no schedule to lag behind: " + text);
    }

    @Test
    void remaining_asYcsbWritesIt() {
        assertEquals("40 seconds ", StatusLine.remaining(40));
        assertEquals("0 seconds ", StatusLine.remaining(0));
        assertEquals("1 minute ", StatusLine.remaining(119));
        assertEquals("2 hours 1 minute ", StatusLine.remaining(7290));
        assertEquals("1 day 3 hours ", StatusLine.remaining(86_400 + 3 * 3600 + 120));
    }

    @Test
    void notFound_isAnAnswerShownOnItsOwnNotAnError() {
        String s = line(100, 306, 0);
        assertFalse(s.contains("errors"), s);
        assertTrue(s.endsWith("; not found 306"), s);
    }

    @Test
    void storeFailures_areErrorsByStatus() {
        String s = line(100, 5, 812);
        assertTrue(s.endsWith(" us; errors 812 (SERVICE_UNAVAILABLE 812); not found 5"), s);
    }

    @Test
    void healthyInterval_saysNeither() {
        String s = line(100, 0, 0);
        assertFalse(s.contains("errors") || s.contains("not found"), s);
        assertTrue(YCSB_LINE.matcher(s).matches(), s);
    }
}
