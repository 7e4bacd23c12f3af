package org.openmark.testing;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * A minimal workload for driver tests: loads {@code records} keys, then reads (or, with
 * probability {@code updateFraction}, updates) uniformly chosen keys.
 */
public final class SimpleWorkload implements Workload {
    private final long records;
    private final double updateFraction;
    private final AtomicLong nextLoadKey = new AtomicLong();
    private final boolean pipelinable;

    public SimpleWorkload(long records, double updateFraction) {
        this(records, updateFraction, true);
    }

    /** @param pipelinable false: the run phase's operations cannot be started on a pipelined session (as composite ones) */
    public SimpleWorkload(long records, double updateFraction, boolean pipelinable) {
        this.records = records;
        this.updateFraction = updateFraction;
        this.pipelinable = pipelinable;
    }

    @Override
    public String table() {
        return "usertable";
    }

    @Override
    public long loadOperationCount() {
        return records;
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 31 + clientIndex);
        return new WorkloadClient() {
            @Override
            public Operation nextLoadOperation() {
                long k = nextLoadKey.getAndIncrement();
                if (k >= records) {
                    return null;
                }
                return op("INSERT", s -> s.insert("usertable", "user" + k, Map.of("f", new byte[] {1})));
            }

            @Override
            public boolean makesAheadAlike() {
                return true;
            }

            @Override
            public Operation nextOperation() {
                String key = "user" + random.nextLong(records);
                if (random.nextDouble() < updateFraction) {
                    Map<String, byte[]> values = Map.of("f", new byte[] {2});
                    return pipelinable("UPDATE", s -> s.update("usertable", key, values),
                            pipelinable ? (s, done) -> s.startUpdate("usertable", key, values, done) : null);
                }
                return pipelinable("READ", s -> s.read("usertable", key, null, new java.util.HashMap<>()),
                        pipelinable ? (s, done) -> s.startRead("usertable", key, null, new java.util.HashMap<>(), done)
                                : null);
            }
        };
    }

    private static Operation op(String name, java.util.function.Function<Session, Status> body) {
        return new TestOperation(name, body, null);
    }

    /** A run-phase operation of one call, which a {@link PipelinedSession} may also start. */
    private static Operation pipelinable(String name, java.util.function.Function<Session, Status> body,
            java.util.function.BiConsumer<PipelinedSession, PipelinedSession.Completion> start) {
        return new TestOperation(name, body, start);
    }

    /** {@code start} null: not pipelinable. */
    private record TestOperation(String name, java.util.function.Function<Session, Status> body,
            java.util.function.BiConsumer<PipelinedSession, PipelinedSession.Completion> start) implements Operation {

        @Override
        public Status execute(Session session) {
            return body.apply(session);
        }

        @Override
        public boolean pipelinable() {
            return start != null;
        }

        @Override
        public void start(PipelinedSession session, PipelinedSession.Completion done) {
            start.accept(session, done);
        }
    }
}
