package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;
import org.openmark.testing.FakeClock;
import org.openmark.testing.OkSession;
import org.openmark.timing.StopSignal;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

/**
 * A chain times each call from the previous call's end, reads the clock once per call (and once
 * per chain), records each operation with its own times no later than a chain's span after it
 * ended, and issues exactly the operations it would issue one at a time, in order, stopping where
 * the run ends. In fake time: making an operation and calling the store take the time the test
 * gives them; the chain's bookkeeping takes none.
 */
class CallChainTest {
    private static final long US = 1_000L;

    /** A clock that counts its readings. */
    private static final class CountingClock implements Clock {
        final FakeClock time = new FakeClock();
        long reads;

        @Override
        public long nanoTime() {
            reads++;
            return time.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return time.currentTimeMillis();
        }

        @Override
        public void parkUntil(long deadlineNanos) throws InterruptedException {
            time.parkUntil(deadlineNanos);
        }
    }

    private record Recorded(String op, long intended, long actual, long completed, long recordedAt) {
    }

    /** Keeps every record with the clock's time when it was made. */
    private static final class KeepingWriter implements MeasurementWriter {
        final FakeClock time;
        final List<Recorded> records = new ArrayList<>();
        long issued;

        KeepingWriter(FakeClock time) {
            this.time = time;
        }

        @Override
        public void record(String op, Status status, long intendedStartNanos, long actualStartNanos,
                long completedNanos) {
            records.add(new Recorded(op, intendedStartNanos, actualStartNanos, completedNanos, time.nanoTime()));
        }

        @Override
        public void recordInner(String op, Status status, long startNanos, long completedNanos) {
            throw new AssertionError("no composite operations here");
        }

        @Override
        public void issued() {
            issued++;
        }
    }

    /** Operations named "op0", "op1", ...: each takes {@code makeNanos} to make; {@code limit} of them in all. */
    private static final class NumberedClient implements WorkloadClient {
        final FakeClock time;
        final long makeNanos;
        final long limit;
        long made;
        /** How often the chain asked one of its operations whether it read data to check. */
        long askedForDataToCheck;

        NumberedClient(FakeClock time, long makeNanos, long limit) {
            this.time = time;
            this.makeNanos = makeNanos;
            this.limit = limit;
        }

        @Override
        public Operation nextLoadOperation() {
            return null;
        }

        @Override
        public Operation nextOperation() {
            if (made == limit) {
                return null;
            }
            time.advance(makeNanos);
            String name = "op" + made++;
            return new Operation() {
                @Override
                public String name() {
                    return name;
                }

                @Override
                public Status execute(Session session) {
                    return session.read("t", name, null, null);
                }

                @Override
                public boolean hasDataToCheck() {
                    askedForDataToCheck++;
                    return false;
                }
            };
        }
    }

    /** Each read takes {@code callNanos}; the keys read and when each call began are kept. */
    private static final class TimedSession extends OkSession {
        final FakeClock time;
        final long callNanos;
        final List<String> keys = new ArrayList<>();
        Runnable afterEachCall = () -> { };

        TimedSession(FakeClock time, long callNanos) {
            this.time = time;
            this.callNanos = callNanos;
        }

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            keys.add(key);
            time.advance(callNanos);
            afterEachCall.run();
            return Status.OK;
        }
    }

    private final CountingClock clock = new CountingClock();
    private final KeepingWriter writer = new KeepingWriter(clock.time);
    private final StopSignal stop = new StopSignal();

    private long run(NumberedClient client, TimedSession session, long quota, long deadline) {
        return run(client, session, quota, deadline, false);
    }

    private long run(NumberedClient client, TimedSession session, long quota, long deadline, boolean checksData) {
        OperationRunner runner = new OperationRunner(clock, new AtomicReference<>(), null, checksData);
        CallChain chain = new CallChain(clock, runner, writer, stop, new AtomicBoolean(), null, deadline, new ClientSlots(1), 0, 0);
        return chain.run(client, session, session, quota);
    }

    private static List<String> names(int from, int to) {
        List<String> names = new ArrayList<>();
        for (int i = from; i < to; i++) {
            names.add("op" + i);
        }
        return names;
    }

    @Test
    void run_workloadChecksNoData_asksNoOperationForDataToCheck() {
        // Asking each operation is a call per operation between chains: on the noop store's hot
        // path (a few dozen ns per operation) it showed. Without dataintegrity nothing is asked.
        NumberedClient client = new NumberedClient(clock.time, 0, 200);
        run(client, new TimedSession(clock.time, US), 200, Long.MAX_VALUE, false);
        assertEquals(200, writer.records.size());
        assertEquals(0, client.askedForDataToCheck);
    }

    @Test
    void run_workloadChecksData_asksEveryOperationOnce() {
        NumberedClient client = new NumberedClient(clock.time, 0, 200);
        run(client, new TimedSession(clock.time, US), 200, Long.MAX_VALUE, true);
        assertEquals(200, writer.records.size());
        assertEquals(200, client.askedForDataToCheck);
    }

    @Test
    void eachCallIsTimedFromThePreviousCallsEnd_withOneClockReadPerCall() {
        TimedSession session = new TimedSession(clock.time, US);
        long end = run(new NumberedClient(clock.time, 5 * US, Long.MAX_VALUE), session, 150, Long.MAX_VALUE);

        assertEquals(names(0, 150), session.keys);
        assertEquals(150, writer.issued);
        assertEquals(150, writer.records.size());
        for (int i = 0; i < 150; i++) {
            Recorded r = writer.records.get(i);
            assertEquals("op" + i, r.op());
            assertEquals(r.intended(), r.actual(), "unpaced: intended is actual");
            // making takes 5 µs, a call 1 µs: only the call is in the service time
            assertEquals(US, r.completed() - r.actual(), () -> r + " service time");
        }
        // chains of 64, 64 and 22 calls: the first read, one per chain, one per call
        assertEquals(1 + 3 + 150, clock.reads);
        assertEquals(writer.records.get(149).completed(), end);
    }

    @Test
    void aChainEndsAfterItsSpan_soNoOperationIsRecordedMuchLaterThanItEnded() {
        TimedSession session = new TimedSession(clock.time, 30 * US);
        run(new NumberedClient(clock.time, 0, Long.MAX_VALUE), session, 20, Long.MAX_VALUE);

        assertEquals(20, writer.records.size());
        long latest = 0;
        for (Recorded r : writer.records) {
            assertEquals(30 * US, r.completed() - r.actual(), () -> r + " service time");
            latest = Math.max(latest, r.recordedAt() - r.completed());
        }
        // a chain ends once it has run 100 µs: 4 calls of 30 µs, the first recorded 90 µs after it ended
        assertTrue(30 * US * 4 >= CallChain.MAX_SPAN_NANOS && 30 * US * 3 < CallChain.MAX_SPAN_NANOS);
        assertEquals(90 * US, latest);
        assertEquals(1 + 5 + 20, clock.reads, "5 chains of 4 calls");
    }

    @Test
    void aStopEndsTheChain_theOperationsMadeAheadAreNeverIssued() {
        TimedSession session = new TimedSession(clock.time, US);
        session.afterEachCall = () -> {
            if (session.keys.size() == 10) {
                stop.stop();
            }
        };
        run(new NumberedClient(clock.time, 0, Long.MAX_VALUE), session, Long.MAX_VALUE, Long.MAX_VALUE);

        assertEquals(names(0, 10), session.keys);
        assertEquals(10, writer.issued);
        assertEquals(10, writer.records.size());
    }

    @Test
    void theDeadlineEndsTheRun_noCallStartsAtOrAfterIt() {
        TimedSession session = new TimedSession(clock.time, US);
        run(new NumberedClient(clock.time, 0, Long.MAX_VALUE), session, Long.MAX_VALUE, 50 * US);

        // calls start at 0, 1, ..., 49 µs
        assertEquals(50, writer.issued);
        assertEquals(49 * US, writer.records.get(49).actual());
    }

    @Test
    void aCallThatStalls_theOperationsBeforeItInItsChainAreCollectedWhileItHangs() throws Exception {
        Measurements measurements = new Measurements();
        MeasurementWriter measured = measurements.newThreadWriter();
        CountDownLatch stalled = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        TimedSession session = new TimedSession(clock.time, 2 * US);
        session.afterEachCall = () -> {
            if (session.keys.size() == 4) { // the chain's fourth call hangs until the test lets it answer
                stalled.countDown();
                try {
                    answer.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Thread client = Thread.ofPlatform().start(() -> {
            OperationRunner runner = new OperationRunner(clock, new AtomicReference<>(), null, false);
            new CallChain(clock, runner, measured, stop, new AtomicBoolean(), null, Long.MAX_VALUE, new ClientSlots(1), 0, 0)
                    .run(new NumberedClient(clock.time, 0, 10), session, session, Long.MAX_VALUE);
        });
        IntervalSnapshot during;
        try {
            assertTrue(stalled.await(10, TimeUnit.SECONDS), "the fourth call began");
            during = measurements.collectInterval(0, 1);
            assertEquals(4, measurements.issued());
            assertEquals(Map.of("op0", 1L, "op1", 1L, "op2", 1L), counts(during),
                    "the three calls that ended before the hang, in the interval they ended in");
        } finally {
            answer.countDown();
            client.join();
        }
        IntervalSnapshot after = measurements.collectInterval(1, 2);
        Map<String, Long> rest = counts(after);
        assertEquals(names(3, 10), List.copyOf(rest.keySet()), "the others, each once");
        assertTrue(rest.values().stream().allMatch(n -> n == 1), rest::toString);
        assertEquals(10, during.sendLag().getTotalCount() + after.sendLag().getTotalCount());
    }

    /** Operations counted per name in an interval's service times. */
    private static Map<String, Long> counts(IntervalSnapshot interval) {
        Map<String, Long> counts = new TreeMap<>();
        interval.service().forEach((channel, h) -> {
            if (h.getTotalCount() > 0) {
                counts.merge(channel.op(), h.getTotalCount(), Long::sum);
            }
        });
        return counts;
    }

    @Test
    void aClientWithoutMoreOperations_endsTheRunWithWhatItMade() {
        TimedSession session = new TimedSession(clock.time, US);
        long end = run(new NumberedClient(clock.time, 0, 70), session, Long.MAX_VALUE, Long.MAX_VALUE);

        assertEquals(names(0, 70), session.keys);
        assertEquals(70, writer.records.size());
        assertEquals(70 * US, end);
    }
}
