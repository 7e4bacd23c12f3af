package org.openmark.workload;

import java.util.Map;
import java.util.SplittableRandom;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * A load-phase insert, retried on failure as {@link InsertRetry} says. The retry waits are
 * jittered from {@code jitterSeed}, drawn from the client's stream when the operation was made,
 * so the operation stays reproducible on whichever thread runs it.
 */
record LoadInsertOperation(String table, String key, Map<String, byte[]> values, InsertRetry retry,
        long jitterSeed) implements Operation {

    @Override
    public OperationTarget target() {
        return new OperationTarget(table, key, values.size(), OperationTarget.bytesOf(values), 0);
    }

    @Override
    public String name() {
        return "INSERT";
    }

    @Override
    public Status execute(Session session) {
        Status status = session.insert(table, key, values);
        SplittableRandom jitter = null;
        for (int attempt = 0; !status.isOk() && attempt < retry.limit(); attempt++) {
            if (jitter == null) {
                jitter = new SplittableRandom(jitterSeed);
            }
            if (!retry.await(jitter)) {
                return status;
            }
            status = session.insert(table, key, values);
        }
        return status;
    }
}
