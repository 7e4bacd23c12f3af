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
}
