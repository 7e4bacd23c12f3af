package org.openmark.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

/**
 * The closed model's run phase on a store whose sessions pipeline ({@link PipelinedSession}), in
 * real time: every client still issues its next operation only once its previous one has ended,
 * paced to the target or after its think time, with the operations and intended starts a client
 * thread would have had; but no thread waits for a reply. One driver thread (the caller) starts
 * every client's operations on one session and sends those it started together; the binding's
 * thread hands a client whose operation ended back to the driver. An operation of several calls
 * (a read-modify-write, a transaction) runs blocking, on a thread of its own with the client's
 * own session.
 *
 * <p>The end is the client threads' end: after the duration (or a stop, or a store that stopped
 * answering) no client starts another operation, and those still in the store get the grace
 * period; then they are unfinished, reported once.
 */
final class PipelinedClients {
    /** The driver looks at the stop signal, the deadline and the stall at least this often. */
    private static final long LOOK_NANOS = 10_000_000;

    /** How the clients are paced and bounded: the closed model's parameters for this process. */
    record Plan(int threads, int firstClient, int clients, long budget, long tickNanos, long thinkNanos) {
    }

    private final PhaseContext ctx;
    private final Clock clock;
    private final PipelinedSession session;
    private final Plan plan;
    private final MeasurementWriter writer;
    private final AtomicReference<String> thrown = new AtomicReference<>();
    private final LastAnswer lastAnswer;
    private final PipelinedCalls calls;
    private final OperationRunner runner;
    /** Clients whose operation ended, for the driver to go on with. */
    private final ConcurrentLinkedQueue<Client> ended = new ConcurrentLinkedQueue<>();
    /** Driver only: clients waiting for their next operation's due time. */
    private final PriorityQueue<Client> waiting = new PriorityQueue<>(Comparator.comparingLong(c -> c.dueNanos));
    private final List<Client> clients = new ArrayList<>();
    private final Thread driver = Thread.currentThread();
    private volatile boolean sleeping;
    /** Driver only. */
    private int active;
    private boolean startedSinceFlush;
    private long lastIssue;

    PipelinedClients(PhaseContext ctx, PipelinedSession session, Plan plan) {
        this.ctx = ctx;
        this.clock = ctx.clock();
        this.session = session;
        this.plan = plan;
        this.writer = ctx.measurements().sharedWriter();
        this.lastAnswer = new LastAnswer(clock.nanoTime());
        this.calls = new PipelinedCalls(clock, writer, ctx.gauges(), thrown, ctx.measurements().errorCauses(), ctx.log());
        this.runner = new OperationRunner(clock, thrown, lastAnswer, OperationRunner.checksData(ctx.workload()),
                ctx.measurements().errorCauses(), ctx.log());
    }

    /** Runs the phase on the calling thread; returns what the closed model reports. */
    PhaseOutcome run() throws InterruptedException {
        long start = ctx.window().open();
        long deadline = ctx.limits().deadlineNanos(start);
        long grace = ctx.limits().grace().toNanos();
        // As the client threads: without a duration, a store that answers nothing ends the phase.
        boolean watchStall = !ctx.limits().stallTimeout().isZero() && deadline == Long.MAX_VALUE;
        long stallNanos = ctx.limits().stallTimeout().toNanos();
        long giveUpAt = deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline + grace;
        boolean gaveUp = false;
        boolean interrupted = false;
        lastIssue = start;
        for (int i = 0; i < plan.clients(); i++) {
            int g = plan.firstClient() + i;
            clients.add(new Client(g, ctx.workload().newClient(g, plan.threads(), ctx.seed()),
                    ClosedModel.quota(plan.budget(), plan.threads(), g),
                    start + ClosedModel.offset(plan.tickNanos(), plan.threads(), g)));
        }
        active = clients.size();
        boolean stopping = false;
        for (Client c : clients) {
            planNext(c, start);
        }
        while (true) {
            long now = clock.nanoTime();
            if (!stopping && (ctx.stop().isStopped() || gaveUp || interrupted || now >= deadline)) {
                stopping = true;
                if (now < deadline) {
                    giveUpAt = Math.min(giveUpAt, now + grace);
                }
            }
            Client c;
            while ((c = ended.poll()) != null) {
                c.k++;
                if (stopping) {
                    finish(c);
                } else {
                    planNext(c, now);
                }
            }
            while (!waiting.isEmpty() && (stopping || waiting.peek().dueNanos <= now)) {
                c = waiting.poll();
                if (stopping) {
                    finish(c);
                } else {
                    start(c, now);
                }
            }
            if (startedSinceFlush) {
                startedSinceFlush = false;
                session.flush();
            }
            if (active == 0 || (stopping && now >= giveUpAt)) {
                break;
            }
            if (watchStall && now - lastAnswer.nanos() > stallNanos) {
                gaveUp = true;
                continue;
            }
            long until = Math.min(now + LOOK_NANOS, stopping ? giveUpAt : Long.MAX_VALUE);
            if (!waiting.isEmpty()) {
                until = Math.min(until, waiting.peek().dueNanos);
            }
            sleeping = true;
            if (ended.isEmpty() && until > now) {
                LockSupport.parkNanos(this, until - now);
            }
            sleeping = false;
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        long unfinished = unfinished();
        closeSessions();
        if (interrupted) {
            throw new InterruptedException("the closed model's clients were interrupted");
        }
        return ClosedModel.outcome(ctx, start, Math.max(lastIssue, clock.nanoTime()), unfinished, thrown,
                gaveUp ? ClosedModel.stallReason(ctx) : null);
    }

    /** Generates the client's next operation and starts it, or has it wait for its due time. */
    private void planNext(Client c, long now) {
        if (c.k >= c.quota) {
            finish(c);
            return;
        }
        Operation op = c.source.nextOperation();
        if (op == null) {
            finish(c);
            return;
        }
        long intended = ClosedModel.intendedStart(c.firstDue, c.k, plan.tickNanos(), plan.thinkNanos(), c.previousEnd,
                now);
        c.next = op;
        c.intended = intended;
        if (intended > now) {
            c.dueNanos = intended;
            waiting.add(c);
        } else {
            start(c, now);
        }
    }

    private void start(Client c, long now) {
        if (plan.tickNanos() == 0 && plan.thinkNanos() == 0) {
            c.intended = now;
        }
        Operation op = c.next;
        c.next = null;
        writer.issued();
        ctx.gauges().operationStarted();
        c.inStore = c.intended;
        lastIssue = now;
        if (op.pipelinable()) {
            startedSinceFlush = true;
            calls.start(session, op, c.intended, c.index, c);
        } else {
            c.blockingOp = op;
            c.actual = clock.nanoTime();
            if (c.blocking == null) {
                c.blocking = ctx.store().newSession();
                c.measured = new MeasuredSession(c.blocking, writer, clock);
            }
            c.onThread = true;
            ctx.tasks().startOperation(c);
        }
    }

    private void finish(Client c) {
        if (!c.finished) {
            c.finished = true;
            active--;
        }
    }

    /** Records the operations still in the store as unfinished, each once; returns how many. */
    private long unfinished() {
        long now = clock.nanoTime();
        long n = calls.abandonOutstanding(intended -> ctx.measurements().recordUnfinished(intended, now));
        for (Client c : clients) {
            long intended = c.inStore;
            if (c.onThread && intended >= 0) {
                ctx.measurements().recordUnfinished(intended, now);
                n++;
            }
        }
        return n;
    }

    private void closeSessions() {
        for (Client c : clients) {
            if (c.blocking != null && !c.onThread) {
                close(c.blocking);
            }
        }
        close(session);
    }

    private static void close(Session s) {
        try {
            s.close();
        } catch (RuntimeException e) {
            // Closing is best effort: a broken session must not hide the run's result.
        }
    }

    private void handBack(Client c) {
        c.inStore = -1;
        ended.add(c);
        if (sleeping) {
            LockSupport.unpark(driver);
        }
    }

    /** One closed-model client: its workload stream, its schedule, where its operation is. */
    private final class Client implements PipelinedCalls.Ended, Runnable {
        final WorkloadClient source;
        /** The workload client's index (for the operation log). */
        final int index;
        final long quota;
        final long firstDue;
        /** Driver only (handed over through {@link #ended}): operations ended, the next one, when. */
        long k;
        Operation next;
        long intended;
        long dueNanos;
        boolean finished;
        /** When the previous operation ended; written before the client is handed back. */
        long previousEnd;
        /** The intended start of the operation in the store, or -1. */
        volatile long inStore = -1;
        /** An operation of several calls, run blocking on a thread of its own. */
        Operation blockingOp;
        long actual;
        Session blocking;
        Session measured;
        volatile boolean onThread;

        Client(int index, WorkloadClient source, long quota, long firstDue) {
            this.index = index;
            this.source = source;
            this.quota = quota;
            this.firstDue = firstDue;
        }

        /** A started operation ended (on the binding's thread). */
        @Override
        public void ended(Status status, long completedNanos) {
            if (LastAnswer.isAnswer(status)) {
                lastAnswer.answered(completedNanos);
            }
            previousEnd = completedNanos;
            handBack(this);
        }

        /** Runs an operation of several calls blocking. */
        @Override
        public void run() {
            long completed = runner.run(blockingOp, blocking, measured, writer, intended, actual, index);
            runner.checkData(blockingOp, writer); // recorded: the check is no part of its time
            ctx.gauges().operationEnded();
            blockingOp = null;
            previousEnd = completed;
            onThread = false;
            handBack(this);
        }
    }
}
