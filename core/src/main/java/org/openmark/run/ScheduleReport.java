package org.openmark.run;

import java.util.List;
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
 * @param offeredRate what a cluster run offered over its whole span when a worker stopped before
 *     the end (ops/s), else 0: the planned target counts the stopped workers' shares, this does not
 * @param offered when a cluster run's workers stopped before the end, and what the run offered from
 *     then on, in time order (empty when every worker ran its part to the end)
 * @param machineFloor the machine's own wake-up floor, measured just before the phase (or why not)
 */
public record ScheduleReport(double targetRate, double scheduledRate, double achievedRate, Histogram sendLag,
        long waitedForSlot, double slotWaitMs, long dropped, int sessions, int maxInFlight, double offeredRate,
        List<OfferedChange> offered, MachineFloor machineFloor) {

    public ScheduleReport {
        offered = List.copyOf(offered);
        machineFloor = machineFloor == null ? NOT_RECORDED : machineFloor;
    }

    /** The floor of a schedule that did not record one. */
    static final MachineFloor NOT_RECORDED = MachineFloor.notMeasured("not recorded");

    /** A schedule without a machine floor. */
    public ScheduleReport(double targetRate, double scheduledRate, double achievedRate, Histogram sendLag,
            long waitedForSlot, double slotWaitMs, long dropped, int sessions, int maxInFlight, double offeredRate,
            List<OfferedChange> offered) {
        this(targetRate, scheduledRate, achievedRate, sendLag, waitedForSlot, slotWaitMs, dropped, sessions,
                maxInFlight, offeredRate, offered, NOT_RECORDED);
    }

    /** The same schedule beside the machine's floor. */
    public ScheduleReport withMachineFloor(MachineFloor floor) {
        return new ScheduleReport(targetRate, scheduledRate, achievedRate, sendLag, waitedForSlot, slotWaitMs, dropped,
                sessions, maxInFlight, offeredRate, offered, floor);
    }

    /** A schedule that was offered as planned (a run in one process, or every worker to its end). */
    public ScheduleReport(double targetRate, double scheduledRate, double achievedRate, Histogram sendLag,
            long waitedForSlot, double slotWaitMs, long dropped, int sessions, int maxInFlight) {
        this(targetRate, scheduledRate, achievedRate, sendLag, waitedForSlot, slotWaitMs, dropped, sessions,
                maxInFlight, 0, List.of());
    }
}
