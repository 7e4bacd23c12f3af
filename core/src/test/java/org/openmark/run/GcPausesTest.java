package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.workload.ReportSection;

/**
 * The harness's own GC pauses, from the JVM's notifications, go into the result: counted, and per
 * minute with the heap in use after the collections. Two collections asked of this JVM.
 */
class GcPausesTest {
    @Test
    void section_afterCollections_countsThemPerMinuteWithTheHeapAfter() throws Exception {
        try (GcPauses gc = GcPauses.listen()) {
            System.gc();
            System.gc();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (gc.count() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10); // the notifications come on a thread of the JVM's
            }
            ReportSection s = gc.section();
            assertEquals(GcPauses.SECTION, s.name());
            long pauses = ((Number) s.values().get("pauses")).longValue();
            assertTrue(pauses >= 2, s.values()::toString);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> minutes = (List<Map<String, Object>>) s.values().get("perMinute");
            assertEquals(pauses, minutes.stream().mapToLong(m -> ((Number) m.get("pauses")).longValue()).sum());
            Map<String, Object> first = minutes.get(0);
            assertEquals(0L, first.get("minute"));
            assertTrue(((Number) first.get("heapAfterMiB")).doubleValue() > 0, first::toString);
            assertTrue(s.textLines().get(0).startsWith("[HARNESS], GcPauses, " + pauses + " ("), s.textLines()::toString);
        }
    }

    /**
     * Of 25 pauses of 1..25 ms (in shuffled order) the 20 longest are listed one by one, in time
     * order, each with when it began; 0 ms pauses and concurrent cycles are not listed (the former are
     * counted), and the counts hold every pause.
     */
    @Test
    void collected_morePausesThanListed_theLongestListedInTimeOrder() {
        GcPauses gc = new GcPauses();
        java.util.List<Integer> ms = new java.util.ArrayList<>();
        for (int i = 1; i <= 25; i++) {
            ms.add(i);
        }
        java.util.Collections.shuffle(ms, new java.util.Random(7));
        for (int i = 0; i < ms.size(); i++) {
            gc.collected(1_000L * i + 250, ms.get(i), "G1 Young Generation", "G1 Evacuation Pause", "end of minor GC",
                    100L << 20);
        }
        gc.collected(90_000, 0, "ZGC Minor Pauses", "Allocation Rate", "end of GC pause", 0);
        gc.collected(91_000, 300, "ZGC Major Cycles", "Proactive", "end of GC cycle", 200L << 20);
        ReportSection s = gc.section();
        assertEquals(26L, s.values().get("pauses"), "25 pauses and the 0 ms one; the cycle is not a pause");
        assertEquals(25L, s.values().get("longestMs"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> longest = (List<Map<String, Object>>) s.values().get("longest");
        assertEquals(GcPauses.LISTED, longest.size());
        List<Long> listedMs = longest.stream().map(p -> ((Number) p.get("ms")).longValue()).sorted().toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(6, 25).boxed().toList(), listedMs, "the 20 longest");
        double before = -1;
        for (Map<String, Object> p : longest) {
            double at = (Double) p.get("atSeconds");
            assertTrue(at > before, "in time order: " + longest);
            before = at;
            int i = ms.indexOf(((Number) p.get("ms")).intValue());
            assertEquals(i + 0.25, at, 1e-9, "when it began, from the start of listening");
            assertEquals("G1 Young Generation", p.get("collector"));
            assertEquals("G1 Evacuation Pause", p.get("cause"));
        }
    }
}
