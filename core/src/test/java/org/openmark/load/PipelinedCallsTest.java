package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.MeasurementWriter;
import org.openmark.testing.FakeClock;

/** The bookkeeping of started calls: recorded once, from the times they had, or abandoned once. */
class PipelinedCallsTest {

    private record Recorded(String op, Status status, long intended, long actual, long completed) {
    }

    private static final class Writes implements MeasurementWriter {
        final List<Recorded> records = new ArrayList<>();

        @Override
        public void record(String op, Status status, long intended, long actual, long completed) {
            records.add(new Recorded(op, status, intended, actual, completed));
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
        }

        @Override
        public void issued() {
        }
    }

    private final FakeClock clock = new FakeClock();
    private final Writes writes = new Writes();
    private final AtomicReference<String> thrown = new AtomicReference<>();
    private final Gauges gauges = new Gauges();
    private final PipelinedCalls calls = new PipelinedCalls(clock, writes, gauges, thrown, null, OperationLog.NONE);
    private final PipelinedSessionStub session = new PipelinedSessionStub();

    @Test
    void startedCall_isRecordedWhenTold_withItsIntendedActualAndCompletionTimes() {
        gauges.operationStarted();
        clock.advance(5_000);
        calls.start(session, PipelinedSessionStub.READ, 4_000, 0);
        assertEquals(1, calls.outstanding());
        assertTrue(writes.records.isEmpty(), "nothing recorded before the reply");

        clock.advance(4_000);
        session.held.get(0).completed(Status.OK);

        assertEquals(List.of(new Recorded("READ", Status.OK, 4_000, 5_000, 9_000)), writes.records);
        assertEquals(0, calls.outstanding());
        assertEquals(0, gauges.inFlight());
    }

    @Test
    void startedCall_isToldToTheOperationLogOnce_withItsTimesAndClient() {
        List<String> told = new ArrayList<>();
        OperationLog log = new OperationLog() {
            @Override
            public void opened(long startNanos) {
            }

            @Override
            public void ended(org.openmark.workload.Operation op, Status status, long intended, long actual, long end,
                    int client) {
                told.add(op.name() + " " + status + " " + intended + " " + actual + " " + end + " client " + client);
            }
        };
        PipelinedCalls logged = new PipelinedCalls(clock, writes, gauges, thrown, null, log);
        clock.advance(5_000);
        logged.start(session, PipelinedSessionStub.READ, 4_000, 3);
        assertTrue(told.isEmpty(), "nothing before the reply");
        clock.advance(4_000);
        session.held.get(0).completed(Status.OK);
        session.held.get(0).completed(Status.ERROR);
        assertEquals(List.of("READ OK 4000 5000 9000 client 3"), told);
    }

    @Test
    void completionToldTwice_isRecordedOnce() {
        calls.start(session, PipelinedSessionStub.READ, 4_000, 0);
        session.held.get(0).completed(Status.OK);
        session.held.get(0).completed(Status.ERROR);

        assertEquals(1, writes.records.size());
        assertEquals(Status.OK, writes.records.get(0).status());
    }

    @Test
    void abandonedAtTheEnd_isReportedOnceAsUnfinished_andALateReplyIsNotRecorded() {
        calls.start(session, PipelinedSessionStub.READ, 4_000, 0);
        calls.start(session, PipelinedSessionStub.READ, 6_000, 0);
        session.held.get(0).completed(Status.OK);

        List<Long> unfinished = new ArrayList<>();
        assertEquals(1, calls.abandonOutstanding(unfinished::add));
        assertEquals(List.of(6_000L), unfinished);
        session.held.get(1).completed(Status.OK); // the reply after the grace period

        assertEquals(1, writes.records.size());
        assertEquals(0, calls.abandonOutstanding(unfinished::add), "abandoned once");
    }

    @Test
    void bindingThatThrows_isCountedAsError_andNamedOnce() {
        session.toThrow = new IllegalStateException("boom");
        calls.start(session, PipelinedSessionStub.READ, 4_000, 0);
        calls.start(session, PipelinedSessionStub.READ, 5_000, 0);

        assertEquals(2, writes.records.size());
        assertEquals(Status.ERROR, writes.records.get(0).status());
        assertEquals("READ threw java.lang.IllegalStateException: boom", thrown.get());
        assertEquals(0, calls.outstanding());
    }

    @Test
    void nullStatus_isCountedAsError() {
        calls.start(session, PipelinedSessionStub.READ, 4_000, 0);
        session.held.get(0).completed(null);

        assertEquals(Status.ERROR, writes.records.get(0).status());
        assertEquals("READ returned no status", thrown.get());
    }
}
