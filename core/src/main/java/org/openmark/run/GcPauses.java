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
 * (G1's and ZGC's concurrent phases) are left out.
 */
final class GcPauses implements NotificationListener, AutoCloseable {
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private long count;
    private long totalMillis;
    private long longestMillis;

    /** Starts listening. */
    static GcPauses listen() {
        GcPauses p = new GcPauses();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(p, null, null);
                p.emitters.add(e);
            }
        }
        return p;
    }

    @Override
    public synchronized void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        String cause = info.getGcCause() + " " + info.getGcName();
        if (cause.contains("Concurrent") && !info.getGcAction().contains("end of major")) {
            return; // a concurrent cycle: the application ran on
        }
        long ms = info.getGcInfo().getDuration();
        count++;
        totalMillis += ms;
        longestMillis = Math.max(longestMillis, ms);
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
