package org.openmark.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Status;
import org.openmark.measure.ErrorCauses;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.Operation;

/**
 * The open model's operations started on a {@link PipelinedSession} and not yet ended. Starting
 * one returns at once: no thread waits for its reply. The binding tells its status later, on a
 * thread of its own, and the operation is recorded then with the same three times as one that
 * ran on a worker (intended start, actual start, completion), so send lag and response time mean
 * the same in both. The data a call read is checked after it is recorded, on the thread that told its
 * completion, before the call counts as ended.
 *
 * <p>At the end of a phase the calls still outstanding after the grace period are
 * {@linkplain #abandonOutstanding abandoned}: reported once as unfinished, and not recorded
 * again should their reply come later. A call ends exactly once: the first of its completion and
 * its abandonment wins, and a binding that tells a completion twice is counted once.
 */
final class PipelinedCalls {
    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int ABANDONED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Call.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Clock clock;
    private final MeasurementWriter writer;
    private final Gauges gauges;
    private final AtomicReference<String> firstThrown;
    private final AtomicInteger outstanding = new AtomicInteger();
    /** Operations ended: started calls completed, and those a worker ran to the end ({@link #ranOnWorker}). */
    private final AtomicLong ended = new AtomicLong();
    /** The head of a circular list of the started calls (itself no call); guarded by itself. */
    private final Call started = new Call(null, 0, 0, 0, null, null);

    /** Why failed calls failed; null when nobody counts it. */
    private final ErrorCauses causes;
    private final OperationLog log;

    PipelinedCalls(Clock clock, MeasurementWriter writer, Gauges gauges, AtomicReference<String> firstThrown) {
        this(clock, writer, gauges, firstThrown, null, OperationLog.NONE);
    }

    /**
     * @param causes told why each failed call failed: its session's {@link PipelinedSession#lastFailure}
     *     when it completes (the session's last failure: with several calls failing at once, one of theirs)
     * @param log told every call once it is recorded ({@link OperationLog#NONE} for none)
     */
    PipelinedCalls(Clock clock, MeasurementWriter writer, Gauges gauges, AtomicReference<String> firstThrown,
            ErrorCauses causes, OperationLog log) {
        this.clock = clock;
        this.writer = writer;
        this.gauges = gauges;
        this.firstThrown = firstThrown;
        this.causes = causes;
        this.log = log;
    }

    /**
     * Starts {@code operation} (which must be {@linkplain Operation#pipelinable pipelinable}) on
     * {@code session} now. A binding that throws breaks its contract: counted as ERROR and
     * reported once as a warning, as {@link OperationRunner} does.
     */
    void start(PipelinedSession session, Operation operation, long intendedStartNanos, int client) {
        start(session, operation, intendedStartNanos, client, null);
    }

    /** Told when a started call has ended and was recorded (not when it was abandoned). */
    interface Ended {
        void ended(Status status, long completedNanos);
    }

    /** As {@link #start(PipelinedSession, Operation, long, int)}; {@code then} (may be null) is told when it ended. */
    void start(PipelinedSession session, Operation operation, long intendedStartNanos, int client, Ended then) {
        Call call = new Call(operation, intendedStartNanos, clock.nanoTime(), client, then, session);
        link(call);
        try {
            operation.start(session, call);
        } catch (RuntimeException e) {
            firstThrown.compareAndSet(null, operation.name() + " threw " + e);
            call.thrown = e;
            call.completed(Status.ERROR);
        }
    }

    /** Calls started and not ended (abandoned ones included). */
    int outstanding() {
        return outstanding.get();
    }

    /** Counts an operation (or warm-up hand-off) that a worker ran to its end instead of starting it. */
    void ranOnWorker() {
        ended.incrementAndGet();
    }

    /**
     * Operations that ended so far: started calls completed, and those run on workers. Only
     * grows, so the operations handed to the dispatch minus this never rises between two offers.
     */
    long ended() {
        return ended.get();
    }

    /**
     * Abandons every call still running: calls {@code intendedStart} for each and returns how
     * many; their replies, should they come, are not recorded. After the run.
     */
    long abandonOutstanding(LongConsumer intendedStart) {
        long n = 0;
        synchronized (started) {
            for (Call c = started.next; c != started; c = c.next) {
                if (STATE.compareAndSet(c, RUNNING, ABANDONED)) {
                    intendedStart.accept(c.intendedStartNanos);
                    n++;
                }
            }
        }
        return n;
    }

    private void link(Call call) {
        outstanding.incrementAndGet();
        synchronized (started) {
            Call last = started.prev;
            call.prev = last;
            call.next = started;
            last.next = call;
            started.prev = call;
        }
    }

    private void unlink(Call call) {
        synchronized (started) {
            call.prev.next = call.next;
            call.next.prev = call.prev;
            call.prev = null;
            call.next = null;
        }
        outstanding.decrementAndGet();
    }

    /** One started operation; the binding tells it the status. */
    private final class Call implements PipelinedSession.Completion {
        private final Operation operation;
        private final long intendedStartNanos;
        private final long actualStartNanos;
        private final int client;
        private final Ended then;
        private final PipelinedSession session;
        /** What the binding threw when the call was started, or null. */
        private RuntimeException thrown;
        /** RUNNING until it ended or was abandoned. */
        @SuppressWarnings("unused")
        private volatile int state;
        /** The neighbours in the list; guarded by {@link #started}. */
        private Call prev = this;
        private Call next = this;

        Call(Operation operation, long intendedStartNanos, long actualStartNanos, int client, Ended then,
                PipelinedSession session) {
            this.client = client;
            this.operation = operation;
            this.intendedStartNanos = intendedStartNanos;
            this.actualStartNanos = actualStartNanos;
            this.then = then;
            this.session = session;
        }

        @Override
        public void completed(Status status) {
            if (!STATE.compareAndSet(this, RUNNING, ENDED)) {
                return; // told twice, or abandoned at the end of the phase (reported as unfinished)
            }
            long completedNanos = clock.nanoTime();
            if (status == null) {
                status = Status.ERROR;
                firstThrown.compareAndSet(null, operation.name() + " returned no status");
            }
            writer.record(operation.name(), status, intendedStartNanos, actualStartNanos, completedNanos);
            if (causes != null && ErrorCauses.isFailure(status)) {
                causes.failed(operation.name(), status, thrown != null ? "the binding threw " + thrown
                        : session.lastFailure(), completedNanos);
            }
            if (log.enabled()) {
                log.ended(operation, status, intendedStartNanos, actualStartNanos, completedNanos, client);
            }
            // recorded: the check of what it read is no part of its time; before the call counts as ended, so
            // the phase, which ends once every call has, records it
            OperationRunner.checkData(operation, clock, writer, firstThrown);
            unlink(this);
            ended.incrementAndGet();
            gauges.operationEnded();
            if (then != null) {
                then.ended(status, completedNanos);
            }
        }
    }
}
