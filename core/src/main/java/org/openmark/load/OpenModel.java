package org.openmark.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.StoreUnreachableException;
import org.openmark.load.dispatch.Dispatch;
import org.openmark.load.dispatch.OperationHandler;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.WorkloadClient;

/**
 * The open system model: operations arrive at intended start times drawn from an arrival
 * process and a rate schedule, independent of when earlier operations complete. Latency is
 * measured from the intended start, so a store that stalls is charged for every request that
 * arrived during the stall (no coordinated omission).
 *
 * <p>Implementation notes: the {@link Issuer} generates operations in arrival order and waits
 * (parks, never spins) until each is due; operations already due when it wakes are queued in a
 * batch without parking again, to a {@link Dispatch} (package {@code load.dispatch}), whose
 * workers run each with this model's {@link OpenModelHandler}. In real time the dispatch is a
 * pool of workers (each with a session of its own) that take turns at issuing, passing the
 * role between them through a timekeeping relay: the worker that woke for a batch runs it itself
 * while another takes the role over, so no hand-off between threads lies between an arrival and
 * its start. In virtual time one scheduler thread issues and each operation runs on a thread of
 * its own. Whenever it wakes, the issuing
 * thread also {@linkplain Dispatch#watch watches} the queue and brings more workers when
 * operations wait there behind a blocked one (the wait is measured, as their send lag).
 * {@code maxInFlight} bounds the outstanding ones. When the bound is reached the issuer waits
 * for a free place (counted, and the delay shows as send lag and response time) or drops the
 * operation ({@link OverloadPolicy#DROP}, counted, run invalid). Outstanding operations keep
 * their intended start, so those still running after the grace period are reported as
 * unfinished with their latency so far.
 *
 * <p>On a store whose sessions are {@link PipelinedSession}s, an operation of one store call is
 * started in real time rather than run ({@link PipelinedCalls}): the worker goes on at once, and
 * the operation is recorded when the binding tells its outcome. Such operations count against
 * {@code maxInFlight} with the others ({@link PipelinedDispatch}).
 *
 * <p>A {@link Share} of a run split over N processes issues at λ/N with an arrival stream of its
 * own (N independent Poisson streams of λ/N superpose to one of λ); constant arrivals are shifted
 * by i/λ in share i, so the merged stream is still one arrival every 1/λ. The operation budget and
 * the in-flight bound are split like the threads of the closed model.
 */
public final class OpenModel implements LoadModel {
    /** Empty operations handed through the workers before the schedule begins. */
    private static final int WARM_HANDOFFS = 20_000;
    /**
     * Only the first hand-offs may ping: a worker busy with its ping makes the pool start another,
     * and unbounded that opened hundreds of sessions a run never needed (a simulated store server
     * then served its run 6 times slower).
     */
    private static final int WARM_PINGS = 32;
    /** The intended start that marks a warm-up hand-off (no time a real arrival can have). */
    private static final long WARM_PLAIN = Long.MIN_VALUE;
    /** The intended start that marks a warm-up hand-off that opens the worker's session (one ping). */
    static final long WARM_PING = Long.MIN_VALUE + 1;
    /**
     * How long the harness's warm-up may take before the measured window opens: the hand-offs take
     * milliseconds and the pings one round trip each, so a store whose new sessions get no answer
     * for this long (it answered the pre-flight, then stopped) has not answered at all.
     */
    static final Duration WARM_UP_LIMIT = Duration.ofSeconds(10);

    private final ArrivalProcess arrivals;
    private final RateSchedule schedule;
    private final int maxInFlight;
    private final OverloadPolicy onOverload;
    private final Share share;
    private final Duration warmUpLimit;

    public OpenModel(ArrivalProcess arrivals, RateSchedule schedule, int maxInFlight, OverloadPolicy onOverload) {
        this(arrivals, schedule, maxInFlight, onOverload, Share.WHOLE);
    }

    /**
     * @param schedule the whole run's rate; this share issues its part
     * @param maxInFlight the whole run's bound; this share gets its part (at least 1)
     */
    public OpenModel(ArrivalProcess arrivals, RateSchedule schedule, int maxInFlight, OverloadPolicy onOverload,
            Share share) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1");
        }
        this.arrivals = arrivals;
        this.schedule = schedule;
        this.maxInFlight = maxInFlight;
        this.onOverload = onOverload;
        this.share = share;
        this.warmUpLimit = WARM_UP_LIMIT;
    }

    private OpenModel(OpenModel m, Duration warmUpLimit) {
        this.arrivals = m.arrivals;
        this.schedule = m.schedule;
        this.maxInFlight = m.maxInFlight;
        this.onOverload = m.onOverload;
        this.share = m.share;
        this.warmUpLimit = warmUpLimit;
    }

    /** This model with another bound on its warm-up (tests: a store that hangs, found in less than {@link #WARM_UP_LIMIT}). */
    OpenModel withWarmUpLimit(Duration limit) {
        return new OpenModel(this, limit);
    }

    @Override
    public String describe() {
        return "open(arrival=" + arrivals.describe() + ", rate=" + schedule.describe() + ", maxInFlight="
                + maxInFlight + (onOverload == OverloadPolicy.DROP ? ", on-overload=drop" : "")
                + (share.whole() ? "" : ", share " + share.describe()) + ")";
    }

    @Override
    public LoadSpec spec() {
        return LoadSpec.open(describe(), arrivals, schedule, maxInFlight, onOverload, share);
    }

    /** This share's part of the schedule. */
    private RateSchedule mySchedule() {
        return share.whole() ? schedule : schedule.scaled(1.0 / share.count());
    }

    /**
     * How far this share's first arrival lies after the start: i/λ for constant arrivals, so the
     * shares interleave; nothing for random arrivals, whose independent streams superpose.
     */
    private long firstArrivalOffsetNanos() {
        if (share.whole() || !(arrivals instanceof ArrivalProcess.Constant)) {
            return 0;
        }
        return Math.round(share.index() * 1e9 / schedule.rateAt(0));
    }

    public RateSchedule schedule() {
        return schedule;
    }

    @Override
    public PhaseOutcome run(PhaseContext ctx) throws InterruptedException {
        if (ctx.tasks().realTime()) {
            // The pool's workers keep time in turn; this thread waits for the end and drains.
            return schedule(ctx);
        }
        AtomicReference<PhaseOutcome> outcome = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // Under a virtual-time clock (tests) the scheduler is a registered participant like
        // every operation.
        Thread scheduler = ctx.tasks().startPlatform("openmark-scheduler", () -> {
            try {
                outcome.set(schedule(ctx));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                failure.set(e);
            }
        });
        scheduler.join();
        if (failure.get() instanceof RuntimeException re) {
            throw re;
        }
        if (failure.get() instanceof Error er) {
            throw er;
        }
        if (outcome.get() == null) {
            throw new InterruptedException("the scheduler was interrupted");
        }
        return outcome.get();
    }

    private PhaseOutcome schedule(PhaseContext ctx) throws InterruptedException {
        Clock clock = ctx.clock();
        MeasurementWriter writer = ctx.measurements().sharedWriter();
        WorkloadClient client = ctx.workload().newClient(share.index(), share.count(), ctx.seed());
        // A store client that refuses requests beyond a bound of its own lowers the bound: operations
        // wait for a place (the store's backlog) instead of failing without reaching the store.
        int myMaxInFlight = (int) Math.max(1, Math.min(share.part(maxInFlight), ctx.store().maxOutstandingRequests()));
        AtomicReference<String> thrown = new AtomicReference<>();
        OperationRunner runner = new OperationRunner(clock, thrown, null, OperationRunner.checksData(ctx.workload()),
                ctx.measurements().errorCauses(), ctx.log());
        Gauges gauges = ctx.gauges();
        String table = ctx.workload().table();
        // In real time an operation of one store call on a pipelined session is started and left
        // running (its reply is recorded when it comes): no worker waits for it.
        PipelinedCalls started = ctx.tasks().realTime() ? new PipelinedCalls(clock, writer, gauges, thrown,
                ctx.measurements().errorCauses(), ctx.log()) : null;
        // Warm-up hand-offs not yet through (a ping that hangs keeps its own): never operations.
        AtomicInteger warming = new AtomicInteger();
        // Of those, the pings waiting for the store's answer: only they can mean the store stopped answering.
        AtomicInteger pinging = new AtomicInteger();
        OperationHandler handler = new OpenModelHandler(clock, writer, gauges, runner, started, table, warming,
                pinging, share.index());
        Dispatch workers = Dispatch.forTasks(ctx.tasks(), clock, ctx.store(), myMaxInFlight, handler);
        try (Dispatch dispatch = started == null ? workers : new PipelinedDispatch(workers, started, myMaxInFlight)) {
            if (ctx.tasks().realTime()) {
                warmDispatchPath(ctx, dispatch, warming, pinging, !ctx.store().isEmbedded());
                // Everything allocated so far lives for the whole phase (the loaded data, the
                // ring, the workers, pools). A full collection now moves it to the old
                // generation; otherwise every young collection of the run copied it again (up to
                // 15 times), and those copies were most of a 5–10 ms pause.
                System.gc();
            }
            // Only now is the store measured: the warm-up is in no interval and no part of the span.
            ctx.window().open();
            Issuer issuer = new Issuer(ctx, dispatch, arrivals, mySchedule(), onOverload, client, writer, share,
                    firstArrivalOffsetNanos());
            dispatch.keepTime(issuer);
            long unfinished = drain(ctx, clock, dispatch, warming);
            List<String> warnings = new ArrayList<>();
            String w = OperationRunner.warning(thrown);
            if (w != null) {
                warnings.add(w);
            }
            return new PhaseOutcome(issuer.startNanos(), issuer.issueEndNanos(), unfinished,
                    issuer.stats(myMaxInFlight), warnings);
        }
    }

    /**
     * Hands a few thousand empty operations through the workers before the schedule begins, so
     * the first real arrivals do not pay for loading and compiling the hand-off path (it made the
     * first second's send lag tens of milliseconds). On a store behind a network the first workers'
     * sessions make one harmless round trip each ({@link org.openmark.api.Session#ping}), so their
     * connections are open before the first arrival; nothing else is sent to the store.
     */
    private void warmDispatchPath(PhaseContext ctx, Dispatch dispatch, AtomicInteger warming, AtomicInteger pinging,
            boolean openSessions) {
        WarmUpBound bound = new WarmUpBound(ctx.clock(), warmUpLimit, pinging);
        for (int i = 0; i < WARM_HANDOFFS; i++) {
            while (!dispatch.hasRoom()) {
                if (abandon(ctx, dispatch, bound)) {
                    return;
                }
                Thread.onSpinWait();
            }
            warming.incrementAndGet();
            dispatch.offer(null, openSessions && i < WARM_PINGS ? WARM_PING : WARM_PLAIN);
        }
        while (warming.get() > 0) {
            if (abandon(ctx, dispatch, bound)) {
                return;
            }
            Thread.onSpinWait();
        }
    }

    /**
     * The warm-up's bound on the store: it counts only while a ping waits for the store's answer.
     * The hand-offs alone make no call, so on a machine too busy to pass a few thousand of them in
     * the bound (seen in the full test suite beside a Cassandra cluster) the store is not the one
     * to blame, and the warm-up waits for them.
     */
    static final class WarmUpBound {
        /** Hand-offs alone may take this many bounds before the warm-up is given up as stuck. */
        static final int HANDOFFS_BOUNDS = 6;
        private final Clock clock;
        private final Duration limit;
        private final AtomicInteger pinging;
        private final long startNanos;
        private long waitingSince = Long.MIN_VALUE;

        WarmUpBound(Clock clock, Duration limit, AtomicInteger pinging) {
            this.clock = clock;
            this.limit = limit;
            this.pinging = pinging;
            this.startNanos = clock.nanoTime();
        }

        /**
         * True once pings have waited without a break for longer than the bound.
         *
         * @throws IllegalStateException when the hand-offs alone took {@value #HANDOFFS_BOUNDS} bounds:
         *     nothing waits for the store, so the harness itself is stuck
         */
        boolean exceeded() {
            long now = clock.nanoTime();
            if (pinging.get() == 0) {
                waitingSince = Long.MIN_VALUE;
                if (now - startNanos > HANDOFFS_BOUNDS * limit.toNanos()) {
                    throw new IllegalStateException("the open model's warm-up did not get its hand-offs through in "
                            + org.openmark.config.Durations.format(limit.multipliedBy(HANDOFFS_BOUNDS))
                            + " with no request to the store waiting: the machine is far too busy, or the harness"
                            + " is stuck");
                }
                return false;
            }
            if (waitingSince == Long.MIN_VALUE) {
                waitingSince = now;
            }
            return now - waitingSince > limit.toNanos();
        }

        int waiting() {
            return pinging.get();
        }
    }

    /**
     * Whether the warm-up stops here: a stop signal ends it (the window opens on a run that then
     * issues nothing); a warm-up past its bound is a store that stopped answering.
     *
     * @throws StoreUnreachableException past the bound
     */
    private boolean abandon(PhaseContext ctx, Dispatch dispatch, WarmUpBound bound) {
        if (ctx.stop().isStopped()) {
            return true;
        }
        if (bound.exceeded()) {
            throw new StoreUnreachableException(String.format(java.util.Locale.ROOT, "the store stopped answering"
                    + " before anything was measured: %d of the open model's first sessions were still waiting for"
                    + " the answer to their first request (a read of the absent key %s) after %s, the bound of the"
                    + " harness's warm-up; nothing was measured", bound.waiting(),
                    org.openmark.api.Session.PING_KEY, org.openmark.config.Durations.format(warmUpLimit)));
        }
        return false;
    }

    /** Waits up to the grace period for outstanding operations; records the rest as unfinished. */
    private long drain(PhaseContext ctx, Clock clock, Dispatch dispatch, AtomicInteger warming)
            throws InterruptedException {
        Duration grace = ctx.limits().grace();
        long graceEnd = clock.nanoTime() + grace.toNanos();
        long pollNanos = Duration.ofMillis(1).toNanos();
        while (dispatch.inFlight() - warming.get() > 0) {
            long now = clock.nanoTime();
            if (now >= graceEnd) {
                break;
            }
            clock.parkUntil(Math.min(Math.min(graceEnd, now + pollNanos), dispatch.watch(now)));
        }
        long now = clock.nanoTime();
        long[] unfinished = {0};
        dispatch.forEachInFlight(intended -> {
            if (intended != WARM_PLAIN && intended != WARM_PING) {
                ctx.measurements().recordUnfinished(intended, now);
                unfinished[0]++;
            }
        });
        return unfinished[0];
    }
}
