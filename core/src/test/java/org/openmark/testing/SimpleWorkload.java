package org.openmark.testing;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
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

    public SimpleWorkload(long records, double updateFraction) {
        this.records = records;
        this.updateFraction = updateFraction;
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
            public Operation nextOperation() {
                String key = "user" + random.nextLong(records);
                if (random.nextDouble() < updateFraction) {
                    return op("UPDATE", s -> s.update("usertable", key, Map.of("f", new byte[] {2})));
                }
                return op("READ", s -> s.read("usertable", key, null, new java.util.HashMap<>()));
            }
        };
    }

    private static Operation op(String name, java.util.function.Function<Session, Status> body) {
        return new Operation() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Status execute(Session session) {
                return body.apply(session);
            }
        };
    }
}
