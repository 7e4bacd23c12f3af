package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.load.dispatch.Dispatch;
import org.openmark.measure.MeasurementWriter;
import org.openmark.testing.FakeClock;
import org.openmark.workload.Operation;

/**
 * The in-flight bound over operations on workers and started calls together: room, once there,
 * stays until the next offer, also while a worker moves an operation from its own count to the
 * started calls (the issuer ended its schedule when it did not).
 */
class PipelinedDispatchTest {

    /** Workers that only count: an operation offered is queued until the test ends it. */
    private static final class CountingWorkers implements Dispatch {
        int inFlight;
        final List<Long> queued = new ArrayList<>();

        @Override
        public boolean hasRoom() {
            return true;
        }

        @Override
        public void offer(Operation operation, long intendedStartNanos) {
            inFlight++;
            queued.add(intendedStartNanos);
        }

        @Override
        public long watch(long nowNanos) {
            return Long.MAX_VALUE;
        }

        @Override
        public int sessions() {
            return 1;
        }

        @Override
        public int inFlight() {
            return inFlight;
        }

        @Override
        public long forEachInFlight(LongConsumer intendedStart) {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    private static final MeasurementWriter NOWHERE = new MeasurementWriter() {
        @Override
        public void record(String op, Status status, long intended, long actual, long completed) {
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
        }

        @Override
        public void issued() {
        }
    };

    private final CountingWorkers workers = new CountingWorkers();
    private final PipelinedCalls started = new PipelinedCalls(new FakeClock(), NOWHERE, new Gauges(),
            new AtomicReference<>(), null, OperationLog.NONE);
    private final PipelinedDispatch dispatch = new PipelinedDispatch(workers, started, 2);

    @Test
    void roomStaysWhileAWorkerStartsAnOperation_andReturnsWhenTheCallEnds() {
        PipelinedSessionStub session = new PipelinedSessionStub();
        dispatch.offer(null, 1);
        assertTrue(dispatch.hasRoom());
        // A worker starts the first: for a moment it counts both on the worker and as a started call.
        started.start(session, PipelinedSessionStub.READ, 1, 0);
        assertTrue(dispatch.hasRoom(), "the operation moving to the started calls took the room");
        workers.inFlight--;
        assertTrue(dispatch.hasRoom());
        assertEquals(1, dispatch.inFlight());

        dispatch.offer(null, 2);
        assertFalse(dispatch.hasRoom());
        assertThrows(IllegalStateException.class, () -> dispatch.offer(null, 3));
        session.held.get(0).completed(Status.OK);
        assertTrue(dispatch.hasRoom(), "the started call ended");
        started.ranOnWorker(); // the second ran on its worker
        assertEquals(0, dispatch.inFlight());
    }
}
