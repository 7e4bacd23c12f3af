package org.openmark.run;

import static org.openmark.workload.WorkloadProperties.FIELD_COUNT;
import static org.openmark.workload.WorkloadProperties.FIELD_LENGTH;
import static org.openmark.workload.WorkloadProperties.RECORD_COUNT;

import java.util.Locale;
import org.openmark.config.ConfigException;
import org.openmark.workload.Workload;

/**
 * Refuses, before anything starts, a run whose load generator could not hold in its heap what it
 * is asked to: client threads with their own latency recorders, operations in flight with their
 * records, and the records themselves when the store keeps them in this process. A JVM that runs
 * out of heap mid-run fails in ways that look like the store's fault (clients die, the store
 * "stops answering"); an estimate made first names the limit instead.
 *
 * <p>The figures are estimates from measured sizes, meant to catch values that cannot work
 * ({@code -threads 1000000}, {@code fieldcount=1000000} on the memory store), not to fill the heap
 * to the last byte: the run may plan for at most {@value #SHARE} of the heap, the rest is left to
 * the collector and to everything not counted.
 */
public final class HeapBudget {
    /** The share of the maximum heap a run's estimate may take. */
    static final double SHARE = 0.5;
    /**
     * A closed-model client's own latency recorders: about 140 KiB with one operation and 245 KiB
     * with two (a writer per thread, six histograms per operation and status, measured with
     * millisecond latencies); 256 KiB stands for the usual mix.
     */
    static final long RECORDERS_PER_CLIENT = 256 << 10;
    /** The open model's bookkeeping of one operation in flight, beyond its record (its worker's lane, its task). */
    static final long BOOKKEEPING_PER_OPERATION = 4 << 10;

    private HeapBudget() {
    }

    /**
     * Checks a phase (and the automatic load before a run) against the heap.
     *
     * @param recordsInHeap whether the store keeps its records in this process's heap
     * @param loadThreads the threads an automatic load would run with (0: none)
     * @param maxHeapBytes the heap the JVM may grow to ({@link Runtime#maxMemory()})
     * @throws ConfigException naming the limit, what it needs and the heap
     */
    public static void check(RunConfig cfg, Workload workload, boolean recordsInHeap, int loadThreads,
            long maxHeapBytes) {
        long budget = (long) (SHARE * maxHeapBytes);
        long record = workload.recordBytes();
        long held = recordsInHeap ? multiply(workload.loadOperationCount(), record) : 0;
        if (held > budget) {
            throw new ConfigException(String.format(Locale.ROOT, "%s: store '%s' keeps its records in this process,"
                    + " and %,d records of about %s each (%s) need about %s, more than the %s a run may plan for (%s);"
                    + " at most %,d fit: lower %s, or use a store outside this process", recordSource(cfg, RECORD_COUNT),
                    cfg.store(), workload.loadOperationCount(), bytes(record), recordShape(cfg),
                    bytes(held), bytes(budget), heap(maxHeapBytes), budget / Math.max(1, record), RECORD_COUNT));
        }
        long left = budget - held;
        Model model = cfg.model();
        int ownThreads = model instanceof Model.Closed closed ? closed.threads() : 0;
        int threads = cfg.phase() == Phase.LOAD ? ownThreads : Math.max(ownThreads, loadThreads);
        if (threads > 0) {
            long perClient = RECORDERS_PER_CLIENT + workload.operationBytes();
            long need = multiply(threads, perClient);
            if (need > left) {
                boolean recorders = threads * (double) RECORDERS_PER_CLIENT > left;
                String who = threads == ownThreads ? RunProperties.THREADCOUNT + "=" + ownThreads
                        : "an automatic load with " + threads + " threads (one per core)";
                throw new ConfigException(String.format(Locale.ROOT, "%s: %,d client threads need about %s of the"
                        + " load generator's heap (each keeps latency recorders of its own, about %s, and an operation"
                        + " of up to %s in flight: %s), more than the %s a run may plan for (%s)%s; at most %,d fit%s",
                        recorders ? who : recordSource(cfg, FIELD_COUNT), threads, bytes(need),
                        bytes(RECORDERS_PER_CLIENT), bytes(workload.operationBytes()), recordShape(cfg), bytes(left),
                        heap(maxHeapBytes), held > 0 ? " beside the records the store keeps (" + bytes(held) + ")" : "",
                        left / perClient, recorders ? ": lower -threads" : ": make the records smaller"));
            }
        }
        if (model instanceof Model.Open open) {
            long perOperation = BOOKKEEPING_PER_OPERATION + record * 3;
            long need = multiply(open.maxInFlight(), perOperation);
            if (need > left) {
                boolean given = cfg.given(RunProperties.MAX_IN_FLIGHT).isPresent();
                throw new ConfigException(String.format(Locale.ROOT, "%s=%d: %,d operations in flight"
                        + " (--max-in-flight%s) with records of about %s (%s) need about %s of the load generator's"
                        + " heap, more than the %s a run may plan for (%s); at most %,d fit: lower --max-in-flight%s",
                        RunProperties.MAX_IN_FLIGHT, open.maxInFlight(), open.maxInFlight(), given ? "" : ", its default",
                        bytes(record), recordShape(cfg), bytes(need), bytes(left), heap(maxHeapBytes),
                        left / perOperation, given ? "" : " or make the records smaller"));
            }
        }
    }

    /** {@code name=value} as the user set it, for the message's head; the workload's record when unset. */
    private static String recordSource(RunConfig cfg, String name) {
        return cfg.given(name).map(value -> name + "=" + value)
                .or(() -> cfg.given(FIELD_LENGTH).map(length -> FIELD_LENGTH + "=" + length))
                .orElse(name + " (the workload's records)");
    }

    /** The run's workload's records as it configured them ({@code fieldcount 10 × fieldlength 100}). */
    private static String recordShape(RunConfig cfg) {
        return cfg.workload().recordShape().description();
    }

    private static String heap(long maxHeapBytes) {
        return "half of its heap of " + bytes(maxHeapBytes) + ", the JVM's -Xmx; OPENMARK_JAVA_OPTS=-Xmx… gives it more";
    }

    private static long multiply(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** 512 B, 2.0 KiB, 156 MiB, 238 GiB. */
    static String bytes(long n) {
        if (n == Long.MAX_VALUE) {
            return "more than 8 EiB";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " B" : String.format(Locale.ROOT, v < 10 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }
}
