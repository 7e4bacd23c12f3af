package org.openmark.run;

import org.HdrHistogram.Histogram;

/**
 * The open model's self-check: did the generator keep its schedule?
 *
 * @param targetRate mean rate the schedule asked for (ops/s)
 * @param scheduledRate the rate of the schedule actually drawn (issued / span of intended starts): a
 *     random arrival process deviates from its mean, so the self-check compares against this
 * @param achievedRate operations issued per second (issued / time until the last was issued)
 * @param sendLag actual start − intended start, microseconds
 * @param waitedForSlot operations that waited for an in-flight slot
 * @param slotWaitMs total time spent waiting for slots
 * @param dropped operations dropped for lack of a slot
 * @param sessions sessions (connections, for network stores) opened to run the operations
 * @param maxInFlight the bound on operations in flight that was kept (over all processes of a
 *     cluster run): {@code --max-in-flight}, or lower where the store's client allows fewer
 *     requests at once ({@link org.openmark.api.Store#maxOutstandingRequests})
 */
public record ScheduleReport(double targetRate, double scheduledRate, double achievedRate, Histogram sendLag, long waitedForSlot,
        double slotWaitMs, long dropped, int sessions, int maxInFlight) {
}
