package org.openmark.load;

import java.util.concurrent.atomic.AtomicInteger;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.load.dispatch.OperationHandler;
import org.openmark.load.dispatch.WorkerSession;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.Operation;

/**
 * What a worker of the open model's dispatch does with each operation it takes: an operation of
 * one store call on a {@link PipelinedSession} in real time is started and left running
 * ({@link PipelinedCalls}); any other is run here and recorded with its three times
 * ({@link OperationRunner}), a composite one on the session's recording view
 * ({@link MeasuredSession}), and the data it read is checked once it is recorded (never by the
 * timekeeper: a worker runs operations only while it does not hold the role); a null operation is
 * one of the warm-up's hand-offs ({@link OpenModel}), which on a store behind a network makes a
 * worker's first round trip.
 */
final class OpenModelHandler implements OperationHandler {
    private final Clock clock;
    private final MeasurementWriter writer;
    private final Gauges gauges;
    private final OperationRunner runner;
    /** Operations started on pipelined sessions, or null (virtual time): each one run here is counted there too. */
    private final PipelinedCalls started;
    private final String table;
    private final AtomicInteger warming;
    private final AtomicInteger pinging;
    /** The workload client that makes the operations (the share's index), for the operation log. */
    private final int client;

    /**
     * @param started the pipelined calls (real time), or null to run every operation here
     * @param table the table a warm-up ping reads from
     * @param warming warm-up hand-offs not yet through; one less after each
     * @param pinging the warm-up's pings waiting for the store's answer
     * @param client the workload client that makes the operations (the share's index)
     */
    OpenModelHandler(Clock clock, MeasurementWriter writer, Gauges gauges, OperationRunner runner,
            PipelinedCalls started, String table, AtomicInteger warming, AtomicInteger pinging, int client) {
        this.client = client;
        this.clock = clock;
        this.writer = writer;
        this.gauges = gauges;
        this.runner = runner;
        this.started = started;
        this.table = table;
        this.warming = warming;
        this.pinging = pinging;
    }

    @Override
    public void run(WorkerSession session, Operation op, long intended) {
        if (op != null && started != null && op.pipelinable()
                && session.session() instanceof PipelinedSession pipelined) {
            started.start(pipelined, op, intended, client); // ends the gauge's count when it ends
            return;
        }
        if (op == null) {
            warmUpHandOff(session, intended);
            return;
        }
        try {
            long actual = clock.nanoTime();
            Session measured = op.composite() ? session.measured(s -> new MeasuredSession(s, writer, clock)) : null;
            runner.run(op, session.session(), measured, writer, intended, actual, client);
            // recorded: the check is no part of its time; before it counts as ended, so the phase records it
            runner.checkData(op, writer);
        } finally {
            gauges.operationEnded();
            if (started != null) {
                started.ranOnWorker();
            }
        }
    }

    /**
     * A warm-up hand-off, before the measured window: not an operation. On a store behind a
     * network, a worker's first one makes a harmless round trip, so its connection is open before
     * the schedule begins.
     */
    private void warmUpHandOff(WorkerSession session, long intended) {
        try {
            if (intended == OpenModel.WARM_PING && session.firstOpening()) {
                pinging.incrementAndGet();
                try {
                    session.session().ping(table);
                } finally {
                    pinging.decrementAndGet();
                }
            }
        } finally {
            warming.decrementAndGet();
            if (started != null) {
                started.ranOnWorker();
            }
        }
    }

    @Override
    public void flush(WorkerSession session) {
        if (session.session() instanceof PipelinedSession pipelined) {
            pipelined.flush();
        }
    }
}
