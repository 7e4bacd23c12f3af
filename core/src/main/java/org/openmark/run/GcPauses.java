package org.openmark.run;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The load generator's own garbage-collection pauses during a phase, from the JVM's GC
 * notifications: evidence for the generator's verdict (a late send while the JVM was paused is
 * the generator's, never the store's). Concurrent cycles that do not stop the application
 * (G1's and ZGC's concurrent phases, generational ZGC's "Cycles") are left out. Kept per minute
 * of the phase too, with the heap in use after the collections, so that a long run shows whether
 * its pauses and its heap stay flat: the harness's own pauses, in result.json
 * ({@link #section}). The JVM reports a pause's duration in whole milliseconds.
 */
final class GcPauses implements NotificationListener, AutoCloseable {
    /** The name of the report section, and its key under {@code sections} in result.json. */
    static final String SECTION = "harnessGcPauses";
    /** The longest pauses listed one by one (the rest are in the counts and the minutes). */
    static final int LISTED = 20;

    /** One pause: it began {@code atMillis} after listening began and stopped the JVM {@code millis}. */
    record Pause(long atMillis, long millis, String collector, String cause) {
    }

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    /** The JVM's uptime when listening began: minutes count from it. */
    private final long startUptimeMs = ManagementFactory.getRuntimeMXBean().getUptime();
    /** The heap's memory pools (after a collection, their use is the heap's). */
    private final java.util.Set<String> heapPools = new java.util.HashSet<>();
    private final java.util.TreeMap<Long, Minute> minutes = new java.util.TreeMap<>();
    private long count;
    private long totalMillis;
    private long longestMillis;
    /** The longest pauses so far, at most {@link #LISTED}. */
    private final List<Pause> longest = new ArrayList<>();

    /** One minute's pauses, and the heap in use after its last collection. */
    private static final class Minute {
        long pauses;
        long totalMillis;
        long longestMillis;
        long heapAfterBytes = -1;
    }

    /** Starts listening. */
    static GcPauses listen() {
        GcPauses p = new GcPauses();
        for (java.lang.management.MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                p.heapPools.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(p, null, null);
                p.emitters.add(e);
            }
        }
        return p;
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long heap = 0;
        for (var e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(e.getKey())) {
                heap += e.getValue().getUsed();
            }
        }
        collected(info.getGcInfo().getStartTime() - startUptimeMs, info.getGcInfo().getDuration(), info.getGcName(),
                info.getGcCause(), info.getGcAction(), heap);
    }

    /**
     * One collection, as the JVM told it: it began {@code atMillis} after listening began and took
     * {@code millis}; {@code heapAfterBytes} is the heap in use after it (0 when not told).
     */
    synchronized void collected(long atMillis, long millis, String collector, String cause, String action,
            long heapAfterBytes) {
        long at = Math.max(0, atMillis);
        Minute m = minutes.computeIfAbsent(at / 60_000, k -> new Minute());
        if (heapAfterBytes > 0) {
            // ZGC tells the heap after a collection with its cycle (concurrent), not with its pauses
            m.heapAfterBytes = heapAfterBytes;
        }
        if ((cause + " " + collector).contains("Concurrent") && !action.contains("end of major")
                || collector.endsWith("Cycles")) {
            return; // a concurrent cycle: the application ran on
        }
        count++;
        totalMillis += millis;
        longestMillis = Math.max(longestMillis, millis);
        m.pauses++;
        m.totalMillis += millis;
        m.longestMillis = Math.max(m.longestMillis, millis);
        if (millis > 0) {
            list(new Pause(at, millis, collector, cause));
        }
    }

    /** Keeps {@code p} among the {@link #LISTED} longest; of equal ones, the earlier stay. */
    private void list(Pause p) {
        if (longest.size() < LISTED) {
            longest.add(p);
            return;
        }
        int shortest = 0;
        for (int i = 1; i < longest.size(); i++) {
            Pause q = longest.get(i);
            Pause s = longest.get(shortest);
            if (q.millis() < s.millis() || q.millis() == s.millis() && q.atMillis() > s.atMillis()) {
                shortest = i;
            }
        }
        if (p.millis() > longest.get(shortest).millis()) {
            longest.set(shortest, p);
        }
    }

    /**
     * The section of result.json and the text report with these pauses: the count, their sum and
     * the longest, and per minute of the phase (from the start of its warm-up) the same with the heap
     * in use after the minute's last collection (MiB); and the longest pauses one by one, in time
     * order, each with when it began (seconds from the start of the warm-up, as the plots' axis).
     */
    synchronized org.openmark.workload.ReportSection section() {
        java.util.Map<String, Object> v = new java.util.LinkedHashMap<>();
        v.put("pauses", count);
        v.put("totalMs", totalMillis);
        v.put("longestMs", longestMillis);
        List<java.util.Map<String, Object>> perMinute = new ArrayList<>();
        minutes.forEach((minute, m) -> {
            java.util.Map<String, Object> e = new java.util.LinkedHashMap<>();
            e.put("minute", minute);
            e.put("pauses", m.pauses);
            e.put("totalMs", m.totalMillis);
            e.put("longestMs", m.longestMillis);
            e.put("heapAfterMiB", m.heapAfterBytes < 0 ? null : Math.round(m.heapAfterBytes / 1048576.0 * 10) / 10.0);
            perMinute.add(e);
        });
        v.put("perMinute", perMinute);
        List<java.util.Map<String, Object>> listed = new ArrayList<>();
        longest.stream().sorted(java.util.Comparator.comparingLong(Pause::atMillis)).forEach(p -> {
            java.util.Map<String, Object> e = new java.util.LinkedHashMap<>();
            e.put("atSeconds", p.atMillis() / 1000.0);
            e.put("ms", p.millis());
            e.put("collector", p.collector());
            e.put("cause", p.cause());
            listed.add(e);
        });
        v.put("longest", listed);
        List<String> lines = List.of(String.format(Locale.ROOT, "[HARNESS], GcPauses, %d (%d ms in all, the longest"
                + " %d ms: the load generator's own JVM)", count, totalMillis, longestMillis));
        return new org.openmark.workload.ReportSection(SECTION, lines, v);
    }

    /** Pauses so far. */
    synchronized long count() {
        return count;
    }

    /** "the JVM paused for garbage collection 14 times, 230 ms in all, the longest 45 ms", or "". */
    synchronized String describe() {
        if (count == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "the generator's JVM paused for garbage collection %d times, %d ms in all,"
                + " the longest %d ms", count, totalMillis, longestMillis);
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
    }
}
