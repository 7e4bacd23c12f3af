package org.openmark.load;

import java.util.SplittableRandom;
import org.openmark.api.Clock;
import org.openmark.load.dispatch.ArrivalWaiter;
import org.openmark.load.dispatch.Dispatch;
import org.openmark.load.dispatch.Timekeeping;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.Operation;
import org.openmark.workload.Seeds;
import org.openmark.workload.TimedClient;
import org.openmark.workload.WorkloadClient;

/**
 * The open model's schedule as it is issued: draws each arrival's intended start, waits (parks)
 * until it is due, applies {@code --max-in-flight} and the overload policy, and hands the
 * operation to the {@link Dispatch}. One thread at a time calls {@link #issue}; in real time
 * that role passes between the dispatch's workers ({@link Timekeeping}), so the
 * state lives here rather than on one thread's stack.
 */
final class Issuer implements Timekeeping {
    /** Seed offset for the arrival stream, so arrivals and the workload use different streams. */
    private static final long ARRIVAL_STREAM = 0x9E3779B97F4A7C15L;
    /** How often a scheduler waiting for a free in-flight slot looks again. */
    private static final long SLOT_POLL_NANOS = 50_000;
    /** The longest the issuer parks before it looks at the stop signal again (a Ctrl-C at a low rate). */
    private static final long STOP_LOOK_NANOS = 100_000_000;
    /** While catching up without parking, {@link Dispatch#watch} is called every this+1 arrivals. */
    private static final long WATCH_EVERY_MASK = 63;

    private final PhaseContext ctx;
    private final Clock clock;
    private final Dispatch dispatch;
    private final ArrivalProcess arrivals;
    private final RateSchedule schedule;
    private final OverloadPolicy onOverload;
    private final WorkloadClient client;
    /** The client, when its operations carry their own times (a replay); else null. */
    private final TimedClient timed;
    private final SplittableRandom random;
    private final MeasurementWriter writer;
    private final long start;
    private final long deadline;
    private final long budget;
    private volatile boolean abandoned;

    private long seq;
    private double nextIntended;
    /** The next arrival's operation, generated while waiting for it (null under {@code drop}). */
    private Operation next;
    private long now;
    private long lastIntended;
    private long issued;
    private long dropped;
    private long waited;
    private long waitNanos;
    /** Since when the next arrival has waited for room, while its issuer ran what it queued; or -1. */
    private long roomWaitSince = -1;
    private long issueEnd;

    /**
     * @param schedule this share's rate
     * @param share which part of the run this is: its arrival stream and operation budget
     * @param firstArrivalOffsetNanos how long after the start the first arrival is due
     */
    Issuer(PhaseContext ctx, Dispatch dispatch, ArrivalProcess arrivals, RateSchedule schedule,
            OverloadPolicy onOverload, WorkloadClient client, MeasurementWriter writer, Share share,
            long firstArrivalOffsetNanos) {
        this.ctx = ctx;
        this.clock = ctx.clock();
        this.dispatch = dispatch;
        this.arrivals = arrivals;
        this.schedule = schedule;
        this.onOverload = onOverload;
        this.client = client;
        // Each share draws an arrival stream of its own (one process keeps the stream it always had).
        this.random = new SplittableRandom(share.whole() ? ctx.seed() ^ ARRIVAL_STREAM
                : Seeds.derive(ctx.seed() ^ ARRIVAL_STREAM, share.index()));
        this.writer = writer;
        this.start = clock.nanoTime();
        this.deadline = ctx.limits().deadlineNanos(start);
        this.budget = share.part(ctx.limits().operationBudget());
        this.timed = client instanceof TimedClient t ? t : null;
        this.nextIntended = timed == null ? start + firstArrivalOffsetNanos : due(0);
        this.now = start;
        this.lastIntended = start;
    }

    @Override
    public Turn keep(ArrivalWaiter waiter) throws InterruptedException {
        return issue(true, waiter);
    }

    @Override
    public long nextDueNanos() {
        return (long) nextIntended;
    }

    /** Issues the whole schedule on this thread, waiting through the clock. */
    @Override
    public void keepAll() throws InterruptedException {
        issue(false, (deadline, due) -> {
            clock.parkUntil(deadline);
            return true;
        });
    }

    /**
     * Issues arrivals as they come due, until the schedule has ended (operation budget,
     * duration, stop, or {@link #abandon}: {@code ENDED}) or {@code waiter} reports that another
     * thread took over ({@code TAKEN_OVER}). With {@code yieldWhenQueued} it also returns
     * ({@code YIELDED}) once it has queued operations and the next arrival is not due yet (or
     * after every {@code WATCH_EVERY_MASK + 1} while it catches up), so that the caller can run them.
     */
    private Turn issue(boolean yieldWhenQueued, ArrivalWaiter waiter) throws InterruptedException {
        long queuedHere = 0;
        while (true) {
            if (seq >= budget) {
                return end();
            }
            long intended = (long) nextIntended;
            // The clock past the deadline ends the issuing too: arrivals the generator is still
            // behind on when the duration ends are never sent, however long the backlog (they
            // show as an achieved rate below the schedule). The time in now is at most a few
            // arrivals old here (refreshed at least every WATCH_EVERY_MASK + 1 while catching up).
            if (intended >= deadline || now >= deadline || stopped()) {
                return end();
            }
            // Generated before waiting (idle time) unless it may be dropped: a workload's insert
            // must run once generated, or its acknowledged-key window stalls.
            if (next == null && onOverload == OverloadPolicy.WAIT) {
                next = client.nextOperation();
            }
            if (intended > now) {
                now = clock.nanoTime();
                if (intended > now) {
                    if (yieldWhenQueued && queuedHere > 0) {
                        return Turn.YIELDED;
                    }
                    while (intended > now) {
                        // Wakes early when a queued operation needs another worker, and now and
                        // then to look at the stop signal.
                        long until = Math.min(Math.min(intended, dispatch.watch(now)), now + STOP_LOOK_NANOS);
                        if (!waiter.awaitUntil(until, intended)) {
                            return Turn.TAKEN_OVER;
                        }
                        now = clock.nanoTime();
                        if (stopped()) {
                            return end();
                        }
                    }
                }
            } else if ((seq & WATCH_EVERY_MASK) == 0) {
                // Catching up without parking: run a share of what was queued, and keep an eye on
                // the workers all the same.
                if (yieldWhenQueued && queuedHere > 0) {
                    return Turn.YIELDED;
                }
                now = clock.nanoTime();
                dispatch.watch(now);
            }
            if (yieldWhenQueued && queuedHere > 0 && !dispatch.hasRoom()) {
                // What this thread queued fills the bound: run it first, then look again. Under
                // drop the arrival is dropped only if there is still no room then.
                if (onOverload == OverloadPolicy.WAIT && roomWaitSince < 0) {
                    roomWaitSince = clock.nanoTime();
                }
                return Turn.YIELDED;
            }
            seq++;
            nextIntended = timed != null ? due(seq)
                    : nextIntended + arrivals.nextGapNanos(schedule.rateAt(intended - start), random);
            lastIntended = intended;
            if (dispatch.hasRoom()) {
                if (roomWaitSince >= 0) {
                    // It waited while the thread that issues it ran the operations queued before it.
                    waited++;
                    ctx.gauges().slotWaited();
                    now = clock.nanoTime();
                    waitNanos += now - roomWaitSince;
                    roomWaitSince = -1;
                }
            } else {
                if (onOverload == OverloadPolicy.DROP) {
                    dropped++;
                    ctx.gauges().arrivalDropped();
                    continue;
                }
                waited++;
                ctx.gauges().slotWaited();
                long before = roomWaitSince >= 0 ? roomWaitSince : clock.nanoTime();
                roomWaitSince = -1;
                // Polled through the clock rather than blocking, so the wait also works in
                // virtual time (where only clock waits let time advance).
                while (!dispatch.hasRoom() && !stopped()) {
                    long t = clock.nanoTime();
                    clock.parkUntil(Math.min(t + SLOT_POLL_NANOS, dispatch.watch(t)));
                }
                now = clock.nanoTime();
                waitNanos += now - before;
                if (!dispatch.hasRoom()) {
                    return end();
                }
            }
            Operation op = next != null ? next : client.nextOperation();
            next = null;
            writer.issued();
            ctx.gauges().operationStarted();
            dispatch.offer(op, intended);
            issued++;
            queuedHere++;
        }
    }

    /** When a timed client's {@code index}-th operation is due (clock nanos); past any deadline when it has none. */
    private double due(long index) {
        long offset = timed.intendedOffsetNanos(index);
        return offset == Long.MAX_VALUE ? Double.MAX_VALUE : start + (double) offset;
    }

    private boolean stopped() {
        return abandoned || ctx.stop().isStopped();
    }

    private Turn end() {
        issueEnd = clock.nanoTime();
        return Turn.ENDED;
    }

    /** Makes {@link #issue} end at its next look (the caller was interrupted). */
    @Override
    public void abandon() {
        abandoned = true;
    }

    long startNanos() {
        return start;
    }

    /** When the schedule ended; valid once the issuing ended. */
    long issueEndNanos() {
        return issueEnd;
    }

    /** The self-check figures, with the in-flight bound the dispatch kept; once the issuing ended. */
    ScheduleStats stats(int maxInFlight) {
        long span = Math.max(1, issueEnd - start);
        return new ScheduleStats(schedule.meanRate(span), issued, dropped, waited, waitNanos, lastIntended - start,
                dispatch.sessions(), maxInFlight);
    }
}
