package org.openmark.load;

/**
 * What the open model's scheduler did, for the self-check.
 *
 * @param targetRatePerSec mean rate the arrival schedule asked for over the phase
 * @param issued operations handed to the store
 * @param dropped operations dropped because no slot was free ({@code --on-overload drop})
 * @param waitedForSlot operations that had to wait for a free in-flight slot
 * @param slotWaitNanos total time operations waited for a slot
 * @param scheduledSpanNanos time from the first to the last intended start
 * @param sessions sessions (connections, for network stores) the phase opened to run operations
 * @param maxInFlight the bound on operations in flight that was kept: {@code --max-in-flight} (this
 *     process's part of it), or the store client's own bound when that is lower
 */
public record ScheduleStats(double targetRatePerSec, long issued, long dropped, long waitedForSlot,
        long slotWaitNanos, long scheduledSpanNanos, int sessions, int maxInFlight) {
}
