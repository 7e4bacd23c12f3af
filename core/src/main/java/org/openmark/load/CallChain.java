package org.openmark.load;

import java.util.concurrent.atomic.AtomicBoolean;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.BackToBack;
import org.openmark.measure.MeasurementWriter;
import org.openmark.timing.StopSignal;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;

/**
 * An unpaced closed-model client's calls back to back, with one clock read between two calls:
 * the read that ends one call's service time starts the next one's. Timing each call with two
 * reads of its own costs a clock read per operation, as much as a fast store's call (24 ns on a
 * VM); here a call costs one read and a share of two per chain.
 *
 * <p>For that, nothing of the client's may lie between two calls but its bookkeeping: the check
 * for the run's end, counting the operation issued, its slot in the live gauge, keeping its name,
 * status and times. A few nanoseconds that go to the next call's service time. The operations are
 * made ahead, up to {@value #LENGTH} at a time, and recorded behind, all of a chain at once
 * ({@link BackToBack}), each with its own start and end. Making and recording lie between chains
 * and are timed in none, and so does the check of the data the chain's reads returned
 * ({@link OperationRunner#checkData}). A chain ends after {@value #LENGTH} calls or once it has run
 * {@value #MAX_SPAN_NANOS} ns, so no operation is recorded later than that after it ended (for
 * the interval of a time series it counts in, the warm-up's end). A call that stalls holds back
 * none of the operations before it: each collection takes a running chain's finished operations
 * ({@link MeasurementWriter#backToBack}), so they count in the interval they ended in, and in the
 * run when the client is still stuck at its end. On a store slower than {@value #MAX_SPAN_NANOS}
 * ns every chain is one call, timed with a read before and one after it, as one at a time.
 *
 * <p>Only for a client that makes the same operations ahead as one at a time
 * ({@link WorkloadClient#makesAheadAlike()}); the run then issues the operations it would issue
 * without chains, in the same order. Operations made when the run ends are dropped, never issued.
 * One per client thread.
 */
final class CallChain {
    /** The most operations made ahead and calls in one chain. */
    static final int LENGTH = 64;
    /** A chain ends once it has run this long: 100 µs. */
    static final long MAX_SPAN_NANOS = 100_000;

    private final Clock clock;
    private final OperationRunner runner;
    private final MeasurementWriter writer;
    private final StopSignal stop;
    private final AtomicBoolean gaveUp;
    private final StandstillWatch standstill;
    private final long deadline;
    private final ClientSlots inStore;
    private final int slot;
    private final Operation[] operations = new Operation[LENGTH];
    /** The operations of the chain being recorded, in the order they ran (for the operation log). */
    private final Operation[] chain = new Operation[LENGTH];
    private final int clientIndex;
    private final BackToBack ran;

    /**
     * @param gaveUp set when the run is given up: no further call
     * @param standstill watches for virtual time that stands still (set here with {@code gaveUp}),
     *     or null
     * @param deadline when the run's duration ends (clock nanos), or Long.MAX_VALUE
     * @param inStore the live gauge's cells; this client's is {@code slot}
     * @param client the workload client's index (for the operation log)
     */
    CallChain(Clock clock, OperationRunner runner, MeasurementWriter writer, StopSignal stop, AtomicBoolean gaveUp,
            StandstillWatch standstill, long deadline, ClientSlots inStore, int slot, int client) {
        this.clientIndex = client;
        this.clock = clock;
        this.runner = runner;
        this.writer = writer;
        this.stop = stop;
        this.gaveUp = gaveUp;
        this.standstill = standstill;
        this.deadline = deadline;
        this.inStore = inStore;
        this.slot = slot;
        this.ran = writer.backToBack(LENGTH);
    }

    /**
     * Issues up to {@code quota} of {@code client}'s operations on {@code session} ({@code measured}
     * for composite ones) until the run ends; returns the clock's time at the end.
     */
    long run(WorkloadClient client, Session session, Session measured, long quota) {
        long now = clock.nanoTime();
        long issued = 0;
        while (issued < quota) {
            int asked = (int) Math.min(LENGTH, quota - issued);
            int made = make(client, asked);
            int next = 0;
            while (next < made) {
                now = clock.nanoTime(); // after making or recording: the chain's first start
                if (over(now)) {
                    return now;
                }
                long chainStart = now;
                int first = next;
                do {
                    Operation op = operations[next++];
                    writer.issued();
                    inStore.enter(slot, now);
                    Status status = runner.call(op, session, measured);
                    long end = clock.nanoTime();
                    inStore.leave(slot);
                    ran.add(op.name(), status, now, end);
                    now = end;
                } while (next < made && now - chainStart < MAX_SPAN_NANOS && !over(now));
                int calls = ran.size();
                issued += calls;
                if (runner.logsOperations()) {
                    System.arraycopy(operations, first, chain, 0, calls);
                    runner.record(ran, chain, writer, clientIndex);
                } else {
                    runner.record(ran, writer);
                }
                if (runner.checksData()) {
                    for (int i = first; i < next; i++) {
                        runner.checkData(operations[i], writer); // between chains, as making and recording
                    }
                }
                if (standstill != null && standstill.stuck(chainStart, now, calls)) {
                    gaveUp.set(true);
                }
            }
            if (made < asked) {
                return now; // the client has no more operations
            }
        }
        return now;
    }

    /** Makes up to {@code count} operations; fewer when the client has no more. */
    private int make(WorkloadClient client, int count) {
        for (int i = 0; i < count; i++) {
            Operation op = client.nextOperation();
            if (op == null) {
                return i;
            }
            operations[i] = op;
        }
        return count;
    }

    private boolean over(long now) {
        return stop.isStopped() || gaveUp.get() || now >= deadline;
    }
}
