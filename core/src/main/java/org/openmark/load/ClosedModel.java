package org.openmark.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.config.Durations;
import org.openmark.measure.MeasurementWriter;
import org.openmark.timing.StopSignal;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

/**
 * YCSB's closed model: T client threads, each issuing its next operation when the previous one
 * finished, optionally paced to a target rate or separated by a think time.
 *
 * <p>With a target, thread i's k-th operation is due at {@code start + offset_i + k·tick}
 * (tick = T / target); when the store is slow the thread falls behind and that due time is the
 * operation's intended start, so the response time (from intended start) carries YCSB's
 * "intended" correction while the service time is YCSB's raw latency. Without a target the
 * intended start is the actual start. The operation count is split over the threads as YCSB
 * does (the first {@code count % T} threads do one more).
 *
 * <p>A {@link Share} of a run split over several processes runs its part of the T threads with
 * their global indices: thread g's schedule offset, operation quota and client stream are those
 * it would have in one process, so the shares together issue exactly the operations of the whole
 * run. The load phase splits differently: each process loads its own key range (YCSB's
 * insertstart/insertcount, set per share) with its own threads.
 *
 * <p>Unpaced and without think time, a client whose operations can be made ahead
 * ({@link WorkloadClient#makesAheadAlike()}) issues them in {@link CallChain}s: one clock read
 * between two calls instead of two per call, the same operations in the same order.
 *
 * <p>On a store whose sessions pipeline, the run phase in real time has no thread per client:
 * {@link PipelinedClients} drives every client from one thread, with the same schedule.
 */
public final class ClosedModel implements LoadModel {
    /**
     * What makes virtual time pass for an unpaced closed run, for the messages that refuse or give
     * up one whose clock stands still.
     */
    public static final String WHAT_MAKES_TIME_PASS = "give the simulated store a latency or a throughput limit"
            + " (-p sim.latency=1ms, -p sim.maxthroughput=10000), pace the clients (-target, -p thinktime, or"
            + " --model open), or bound the run by operations (-p operationcount=N)";

    private final int threads;
    private final double targetPerSec;
    private final Duration thinkTime;
    private final boolean loadPhase;
    private final Share share;

    /**
     * @param threads client threads (&gt;= 1)
     * @param targetPerSec total target rate, or 0 for as fast as possible
     * @param thinkTime pause after each operation (zero for none)
     * @param loadPhase true to issue the workload's load operations instead of its run operations
     */
    public ClosedModel(int threads, double targetPerSec, Duration thinkTime, boolean loadPhase) {
        this(threads, targetPerSec, thinkTime, loadPhase, Share.WHOLE);
    }

    /**
     * @param threads client threads of the whole run (&gt;= 1); in the load phase, of this process
     * @param share the part of the run this process does
     */
    public ClosedModel(int threads, double targetPerSec, Duration thinkTime, boolean loadPhase, Share share) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1");
        }
        if (!loadPhase && share.part(threads) < 1) {
            throw new IllegalArgumentException("share " + share.describe() + " of " + threads + " threads has none");
        }
        this.threads = threads;
        this.targetPerSec = targetPerSec;
        this.thinkTime = thinkTime;
        this.loadPhase = loadPhase;
        this.share = share;
    }

    @Override
    public String describe() {
        String mine = loadPhase || share.whole() ? String.valueOf(threads)
                : share.part(threads) + " of " + threads + " (share " + share.describe() + ")";
        return "closed(threads=" + mine + (targetPerSec > 0 ? ", target=" + (long) targetPerSec + "/s" : "")
                + (thinkTime.isZero() ? "" : ", think=" + thinkTime.toMillis() + "ms") + ")";
    }

    @Override
    public LoadSpec spec() {
        return LoadSpec.closed(describe(), threads, targetPerSec, thinkTime.toMillis(), loadPhase ? Share.WHOLE : share);
    }

    /**
     * The rate this process's run-phase clients are paced to, ops/s: its share of the target (0
     * unpaced, and in the load phase).
     */
    public double pacedRate() {
        return loadPhase ? 0 : targetPerSec * share.part(threads) / threads;
    }

    /** True when a target paces the threads (so intended and actual start differ). */
    public boolean paced() {
        return targetPerSec > 0;
    }

    @Override
    public PhaseOutcome run(PhaseContext ctx) throws InterruptedException {
        long tickNanos = targetPerSec > 0 ? Math.max(1, Math.round(threads * 1e9 / targetPerSec)) : 0;
        AtomicReference<Session> opened = new AtomicReference<>();
        if (!loadPhase && ctx.tasks().realTime()) {
            // A store whose sessions pipeline needs no thread per client (PipelinedClients).
            Session probe = ctx.store().newSession();
            if (probe instanceof PipelinedSession pipelined) {
                return new PipelinedClients(ctx, pipelined, new PipelinedClients.Plan(threads,
                        (int) share.first(threads), (int) share.part(threads), ctx.limits().operationBudget(),
                        tickNanos, thinkTime.toNanos())).run();
            }
            opened.set(probe); // the first client thread uses it
        }
        Clock clock = ctx.clock();
        // The store is measured from here: the probe session above is the harness's.
        long start = ctx.window().open();
        long deadline = ctx.limits().deadlineNanos(start);
        long budget = ctx.limits().operationBudget();
        AtomicReference<String> thrown = new AtomicReference<>();
        // Without a duration (the load phase) a store that stops answering would hold the phase
        // forever: the time of the last answer tells when to give up.
        boolean watchStall = !ctx.limits().stallTimeout().isZero() && deadline == Long.MAX_VALUE;
        LastAnswer lastAnswer = new LastAnswer(start);
        OperationRunner runner = new OperationRunner(clock, thrown, watchStall ? lastAnswer : null,
                OperationRunner.checksData(ctx.workload()), ctx.measurements().errorCauses(), ctx.log());
        AtomicBoolean gaveUp = new AtomicBoolean();
        // In virtual time an unpaced client bound by a duration waits only for the store: a store
        // that answers at once would hold the clock still forever (StandstillWatch).
        AtomicBoolean stoodStill = !ctx.tasks().realTime() && !loadPhase && deadline != Long.MAX_VALUE
                && tickNanos == 0 && thinkTime.isZero() ? new AtomicBoolean() : null;
        AtomicLong lastIssue = new AtomicLong(start);
        // The load phase's budget and threads are this process's own; the run phase's are the whole run's.
        int local = loadPhase ? threads : (int) share.part(threads);
        int base = loadPhase ? 0 : (int) share.first(threads);
        ClientSlots inStore = new ClientSlots(local);
        ctx.gauges().countAlso(inStore::inStore);
        List<Thread> started = ctx.tasks().startPlatforms("openmark-client-", local, i -> {
            int g = base + i;
            long quota = quota(budget, threads, g);
            long firstDue = start + offset(tickNanos, threads, g);
            StandstillWatch standstill = stoodStill == null ? null : new StandstillWatch(stoodStill);
            return () -> clientLoop(ctx, runner, g, quota, firstDue, tickNanos, deadline, lastIssue, inStore, i,
                    gaveUp, standstill, opened);
        });
        joinAll(started, ctx, deadline, watchStall ? lastAnswer : null, gaveUp);
        // Clients still in the store after the duration and the grace period are left there: their
        // operations are unfinished, with how long they had waited.
        long now = clock.nanoTime();
        long unfinished = 0;
        for (int i = 0; i < local; i++) {
            long intended = inStore.intendedStart(i);
            if (started.get(i).isAlive() && intended >= 0) {
                ctx.measurements().recordUnfinished(intended, now);
                unfinished++;
            }
        }
        String gaveUpReason = stoodStill != null && stoodStill.get()
                ? StandstillWatch.reason(Durations.format(ctx.limits().duration()))
                : gaveUp.get() ? stallReason(ctx) : null;
        return outcome(ctx, start, Math.max(lastIssue.get(), clock.nanoTime()), unfinished, thrown, gaveUpReason);
    }

    /** Client {@code g}'s part of an operation budget: the first {@code budget % threads} clients do one more. */
    static long quota(long budget, int threads, int g) {
        return budget == Long.MAX_VALUE ? Long.MAX_VALUE : budget / threads + (g < budget % threads ? 1 : 0);
    }

    /** How long after the start client {@code g}'s first paced operation is due. */
    static long offset(long tickNanos, int threads, int g) {
        return tickNanos * g / threads;
    }

    /**
     * When a client's {@code k}-th operation is due: paced, {@code firstDue + k·tick}; with a
     * think time, that long after the previous one ended; else now.
     */
    static long intendedStart(long firstDue, long k, long tickNanos, long thinkNanos, long previousEnd, long now) {
        if (tickNanos > 0) {
            return firstDue + k * tickNanos;
        }
        if (thinkNanos > 0 && k > 0) {
            return previousEnd + thinkNanos;
        }
        return now;
    }

    /**
     * The phase's outcome with its warnings: a binding that threw, clients left in the store, a
     * phase given up (a store that stopped answering, virtual time that stood still).
     *
     * @param gaveUpReason why the phase was given up, or null when it was not
     */
    static PhaseOutcome outcome(PhaseContext ctx, long start, long lastIssue, long unfinished,
            AtomicReference<String> thrown, String gaveUpReason) {
        List<String> warnings = new ArrayList<>();
        String w = OperationRunner.warning(thrown);
        if (w != null) {
            warnings.add(w);
        }
        if (unfinished > 0) {
            warnings.add(unfinished + " client(s) were still waiting for the store "
                    + Durations.format(ctx.limits().grace()) + " after the run's end (--grace): their operations are"
                    + " counted unfinished");
        }
        if (gaveUpReason != null) {
            warnings.add(gaveUpReason);
        }
        return new PhaseOutcome(start, lastIssue, unfinished, null, warnings, gaveUpReason);
    }

    /** Why a phase without a duration gave up: the store answered nothing for the stall timeout. */
    static String stallReason(PhaseContext ctx) {
        return "no operation succeeded for " + Durations.format(ctx.limits().stallTimeout())
                + " (loadstalltimeout): the store stopped answering, and the phase gave up after issuing "
                + ctx.measurements().issued() + " operations";
    }

    /**
     * Waits for the client threads: until they end, or until the duration plus the grace period
     * has passed (a store that hangs cannot hold the run past its end). Once the user interrupts
     * the run, or (with {@code lastAnswer}, a phase without a duration) the store has answered
     * nothing for the stall timeout, the threads stop issuing and those stuck in a store call get
     * the grace period (real time), all together, and are then left behind: their operations count
     * as unfinished (issued, never recorded).
     *
     * @param lastAnswer when the store last answered, or null when no stall is watched for
     * @param gaveUp set here when the store stopped answering; the clients stop issuing then
     */
    private static void joinAll(List<Thread> threads, PhaseContext ctx, long deadline, LastAnswer lastAnswer,
            AtomicBoolean gaveUp) throws InterruptedException {
        Clock clock = ctx.clock();
        long grace = ctx.limits().grace().toNanos();
        long giveUpAt = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline + grace;
        long stallNanos = ctx.limits().stallTimeout().toNanos();
        for (Thread t : threads) {
            while (t.isAlive() && !ctx.stop().isStopped() && !gaveUp.get() && clock.nanoTime() < giveUpAt) {
                t.join(Duration.ofMillis(50));
                if (lastAnswer != null && clock.nanoTime() - lastAnswer.nanos() > stallNanos) {
                    gaveUp.set(true);
                }
            }
        }
        if (ctx.stop().isStopped() || gaveUp.get()) {
            long until = clock.nanoTime() + grace;
            for (Thread t : threads) {
                long left = until - clock.nanoTime();
                if (left > 0) {
                    t.join(Duration.ofNanos(left));
                }
            }
        }
    }

    private void clientLoop(PhaseContext ctx, OperationRunner runner, int index, long quota, long firstDue,
            long tickNanos, long deadline, AtomicLong lastIssue, ClientSlots inStore, int slot,
            AtomicBoolean gaveUp, StandstillWatch standstill, AtomicReference<Session> opened) {
        Clock clock = ctx.clock();
        MeasurementWriter writer = ctx.measurements().newThreadWriter();
        StopSignal stop = ctx.stop();
        WorkloadClient client = ctx.workload().newClient(index, threads, ctx.seed());
        // (index is the thread's global index: a share's clients draw what they would in one process)
        long thinkNanos = thinkTime.toNanos();
        Session given = opened.getAndSet(null);
        try (Session session = given != null ? given : ctx.store().newSession()) {
            Session measured = new MeasuredSession(session, writer, clock);
            if (!loadPhase && tickNanos == 0 && thinkNanos == 0 && client.makesAheadAlike()) {
                long end = new CallChain(clock, runner, writer, stop, gaveUp, standstill, deadline, inStore, slot,
                        index)
                        .run(client, session, measured, quota);
                lastIssue.accumulateAndGet(end, Math::max);
                return;
            }
            long now = clock.nanoTime();
            long previousEnd = now;
            for (long k = 0; k < quota; k++) {
                if (stop.isStopped() || gaveUp.get() || now >= deadline) {
                    break;
                }
                Operation op = loadPhase ? client.nextLoadOperation() : client.nextOperation();
                if (op == null) {
                    break;
                }
                // Making the operation is the client's work, not the store's: its time is in
                // neither the service time nor, unpaced, the response time (as in YCSB).
                now = clock.nanoTime();
                long intended = intendedStart(firstDue, k, tickNanos, thinkNanos, previousEnd, now);
                if (intended > now) {
                    clock.parkUntil(intended);
                    now = clock.nanoTime();
                    if (stop.isStopped() || gaveUp.get() || now >= deadline) {
                        break;
                    }
                }
                writer.issued();
                inStore.enter(slot, intended);
                previousEnd = runner.run(op, session, measured, writer, intended, now, index);
                inStore.leave(slot);
                runner.checkData(op, writer); // recorded: the check is no part of its time (YCSB's VERIFY)
                if (standstill != null && standstill.stuck(now, previousEnd, 1)) {
                    gaveUp.set(true);
                }
                now = previousEnd;
            }
            lastIssue.accumulateAndGet(now, Math::max);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
