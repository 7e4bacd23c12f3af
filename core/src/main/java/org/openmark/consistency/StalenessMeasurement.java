package org.openmark.consistency;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.load.dispatch.SessionPool;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * Measures staleness on a store whose reads may be served by a lagging replica: a writer
 * writes keys with versioned values at a constant rate, and after each acknowledged write a
 * prober reads the key at fixed offsets (0, 1, 2, 5, … ms after the acknowledgement) and
 * records whether each read saw that version or a newer one.
 *
 * <p>Every offset is probed, even after a read saw the write: a read path that spreads reads
 * over replicas is not monotonic, and P(consistent) at t must be the fraction of reads at t
 * that saw the write. Each probe is its own task on its own session, started at its offset: a
 * slow read does not make the probes after it late (when one prober read a write's offsets in
 * turn, a read that took 500 ms made every later probe of that write 500 ms late, and counted
 * them at offsets they were not read at). Times come from one clock, so writer and readers must
 * run on one machine or on machines with synchronized clocks. The t-visibility figures (the
 * first offset whose probe saw the write) have the probe schedule's resolution.
 *
 * <p>The writes are also counted in {@value #BATCHES} batches of consecutive writes, per offset
 * ({@link #batches}), for an interval of P(consistent) that holds when the store's behaviour
 * drifts during the run.
 *
 * <p>A store that promises linearizable reads ({@link Store#readsLinearizable}) has its reads checked
 * against that promise instead: a read that saw an older version of its key than the newest one
 * acknowledged before the read began is a violation, counted apart, never as a stale read nor in
 * P(consistent) (a broken promise is not staleness; it makes the measurement not valid).
 */
public final class StalenessMeasurement {
    /** Batches of consecutive writes the per-offset counts are also kept in. */
    public static final int BATCHES = 20;

    private final StalenessConfig cfg;
    private final Clock clock;
    private final Tasks tasks;
    private final StopSignal stop;

    private final Map<Double, LongAdder> consistentAt = new ConcurrentHashMap<>();
    private final Map<Double, LongAdder> probedAt = new ConcurrentHashMap<>();
    private final Map<Long, LongAdder> kStaleness = new ConcurrentHashMap<>();
    private final Histogram tVisibility = new Histogram(3);
    private final Histogram probeLate = new Histogram(3);
    private final Histogram writeLatency = new Histogram(3);
    private final Histogram readLatency = new Histogram(3);
    private final LongAdder reads = new LongAdder();
    private final LongAdder staleReads = new LongAdder();
    private final LongAdder neverSeen = new LongAdder();
    private final LongAdder violations = new LongAdder();
    /** Per key, the newest version acknowledged so far (the writer's, in its order). */
    private final Map<String, Long> acknowledgedVersion = new ConcurrentHashMap<>();
    private volatile boolean linearizable;
    private final Map<Status, LongAdder> failedWrites = new ConcurrentHashMap<>();
    private final Map<Status, LongAdder> failedReads = new ConcurrentHashMap<>();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();
    private final AtomicLong outstanding = new AtomicLong();
    private final LongAdder acknowledgedWrites = new LongAdder();
    private final Map<Double, long[]> consistentInBatch = new ConcurrentHashMap<>();
    private final Map<Double, long[]> probedInBatch = new ConcurrentHashMap<>();

    public StalenessMeasurement(StalenessConfig cfg, Clock clock, Tasks tasks, StopSignal stop) {
        this.cfg = cfg;
        this.clock = clock;
        this.tasks = tasks;
        this.stop = stop;
        tVisibility.setAutoResize(true);
        probeLate.setAutoResize(true);
        writeLatency.setAutoResize(true);
        readLatency.setAutoResize(true);
        for (double t : cfg.probeOffsetsMs()) {
            consistentAt.put(t, new LongAdder());
            probedAt.put(t, new LongAdder());
            consistentInBatch.put(t, new long[BATCHES]);
            probedInBatch.put(t, new long[BATCHES]);
        }
    }

    /**
     * Per offset, per batch of consecutive writes ({@value #BATCHES}, the writes split evenly by
     * their number): the successful reads, and those that saw their write. Call after {@link #run}.
     */
    public Batches batches() {
        Map<Double, long[]> consistent = new TreeMap<>();
        Map<Double, long[]> probed = new TreeMap<>();
        synchronized (probedInBatch) {
            consistentInBatch.forEach((t, counts) -> consistent.put(t, counts.clone()));
            probedInBatch.forEach((t, counts) -> probed.put(t, counts.clone()));
        }
        return new Batches(consistent, probed);
    }

    /** Counts per offset and batch of consecutive writes; see {@link #batches}. */
    public record Batches(Map<Double, long[]> consistent, Map<Double, long[]> probed) {
    }

    /**
     * The acknowledged writes' latencies and the successful probe reads' (µs, from the request's
     * start to its answer: the store's time for it, what PBS predicts; the one writer writes in turn,
     * so a write that waited behind the one before waited in the writer, not in the store), for a PBS
     * prediction's latencies to be put beside. Call after {@link #run}.
     */
    public Latencies latencies() {
        synchronized (readLatency) {
            return new Latencies(writeLatency.copy(), readLatency.copy());
        }
    }

    /** Measured latencies (µs) of the writes and of the probe reads. */
    public record Latencies(Histogram writeUs, Histogram readUs) {
        /** p50 and p99 in ms, null each when nothing was recorded. */
        public static Map<String, Double> percentilesMs(Histogram us) {
            Map<String, Double> m = new java.util.LinkedHashMap<>();
            m.put("p50", us.getTotalCount() == 0 ? null : us.getValueAtPercentile(50) / 1000.0);
            m.put("p99", us.getTotalCount() == 0 ? null : us.getValueAtPercentile(99) / 1000.0);
            return m;
        }
    }

    /** The counts so far, while the measurement runs (for live metrics); safe from any thread. */
    public StalenessProgress progress() {
        return new StalenessProgress(acknowledgedWrites.sum(), reads.sum(), staleReads.sum(), sums(probedAt),
                sums(consistentAt), sums(failedWrites), sums(failedReads));
    }

    /** Runs the writes and their probes; returns when every probe finished. */
    public StalenessResult run(Store store) throws InterruptedException {
        return run(store, null);
    }

    /**
     * Runs the writes and their probes, and {@code beside} (null: nothing) on a thread of its own
     * started with the writer's (the WARS tracer): in virtual time the two are registered as one
     * group, so neither runs time ahead before the other exists and the run is the same every time
     * (started one after the other, the first could, and the store's draws came in another order).
     * Returns when every probe finished and {@code beside} ended.
     */
    public StalenessResult run(Store store, Runnable beside) throws InterruptedException {
        linearizable = store.readsLinearizable();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        long[] writes = new long[1];
        Runnable writing = () -> {
            try (SessionPool pool = new SessionPool(store)) {
                writes[0] = writeAndProbe(pool);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure.set(e);
            }
        };
        List<Thread> threads = tasks.startPlatforms("openmark-staleness-", beside == null ? 1 : 2,
                i -> i == 0 ? writing : beside);
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        Histogram tv;
        synchronized (tVisibility) {
            tv = tVisibility.copy();
        }
        Histogram late;
        synchronized (probeLate) {
            late = probeLate.copy();
        }
        return new StalenessResult(writes[0], reads.sum(), staleReads.sum(), sums(consistentAt), sums(probedAt), tv,
                neverSeen.sum(), sums(kStaleness), new FailedRequests(sums(failedWrites), sums(failedReads),
                lastFailure.get()), late, linearizable, violations.sum());
    }

    private long writeAndProbe(SessionPool pool) throws InterruptedException {
        Map<Integer, Long> versions = new HashMap<>();
        Session writerSession = pool.take();
        long start = clock.nanoTime();
        double gapNanos = 1e9 / cfg.writeRatePerSec();
        long acknowledged = 0;
        for (long i = 0; i < cfg.writes() && !stop.isStopped(); i++) {
            clock.parkUntil(start + Math.round(i * gapNanos));
            int keyIndex = (int) (i % cfg.keys());
            long version = versions.merge(keyIndex, 1L, Long::sum);
            String key = cfg.key(keyIndex);
            long writeStart = clock.nanoTime();
            Status s = write(writerSession, key, new VersionedValue(version, writeStart, start));
            long ack = clock.nanoTime();
            if (!s.isOk()) {
                failed(failedWrites, s, writerSession);
                continue;
            }
            synchronized (readLatency) {
                writeLatency.recordValue((ack - writeStart) / 1000);
            }
            acknowledged++;
            acknowledgedWrites.increment();
            acknowledgedVersion.merge(key, version, Math::max);
            ProbedWrite probed = new ProbedWrite(key, version, ack, start,
                    (int) Math.min(BATCHES - 1, i * BATCHES / Math.max(1, cfg.writes())), cfg.probeOffsetsMs().size());
            for (double t : cfg.probeOffsetsMs()) {
                outstanding.incrementAndGet();
                tasks.startOperation(() -> {
                    try {
                        probe(pool, probed, t);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        outstanding.decrementAndGet();
                    }
                });
            }
        }
        pool.give(writerSession);
        long waitUntil = clock.nanoTime() + cfg.horizon().toNanos() + 10_000_000_000L;
        while (outstanding.get() > 0 && clock.nanoTime() < waitUntil) {
            clock.parkUntil(clock.nanoTime() + 1_000_000);
        }
        return acknowledged;
    }

    /**
     * Writes one version of a key: an update, or an insert when the store answers that the key
     * does not exist. Stores differ on an update of a missing key (the embedded stores return
     * NOT_FOUND and create nothing, the replicated ones create it), and an insert of a key that
     * exists is refused by some (a SQL primary key), so the writer asks for neither: a store
     * whose update creates the key gets one request per write, one whose update does not gets an
     * insert the first time each key is written (and again only if the key was deleted meanwhile).
     */
    private Status write(Session session, String key, VersionedValue value) {
        Map<String, byte[]> fields = Map.of(VersionedValue.FIELD, value.encode());
        Status updated = session.update(cfg.table(), key, fields);
        return updated == Status.NOT_FOUND ? session.insert(cfg.table(), key, fields) : updated;
    }

    /** Counts a failed request under its status and keeps what the store said about it. */
    private void failed(Map<Status, LongAdder> byStatus, Status status, Session session) {
        byStatus.computeIfAbsent(status, st -> new LongAdder()).increment();
        String said = session.lastFailure();
        if (said != null) {
            lastFailure.set(said);
        }
    }

    /** The counters' sums, in the keys' order. */
    private static <K> Map<K, Long> sums(Map<K, LongAdder> counters) {
        Map<K, Long> m = new TreeMap<>();
        counters.forEach((key, n) -> m.put(key, n.sum()));
        return m;
    }

    /**
     * One acknowledged write whose offsets are probed: {@code version} of {@code key}, acknowledged
     * at {@code ackNanos} by the run that started at {@code runStartNanos} (a value of another run is
     * none of this run's writes). Its probes tell it what they saw; the last one to end counts the
     * first offset that saw the write (t-visibility), or a write never seen.
     */
    private static final class ProbedWrite {
        final String key;
        final long version;
        final long ackNanos;
        final long runStartNanos;
        final int batch;
        private int pending;
        private double firstSeenMs = Double.NaN;

        ProbedWrite(String key, long version, long ackNanos, long runStartNanos, int batch, int probes) {
            this.key = key;
            this.version = version;
            this.ackNanos = ackNanos;
            this.runStartNanos = runStartNanos;
            this.batch = batch;
            this.pending = probes;
        }

        /** Notes one probe's end; returns true for the last one. */
        synchronized boolean probed(double offsetMs, boolean saw) {
            if (saw && !(firstSeenMs <= offsetMs)) {
                firstSeenMs = offsetMs;
            }
            return --pending == 0;
        }

        synchronized double firstSeenMs() {
            return firstSeenMs;
        }
    }

    /** Reads the write back once, {@code offsetMs} after its acknowledgement, on a session of its own. */
    private void probe(SessionPool pool, ProbedWrite write, double offsetMs) throws InterruptedException {
        long due = write.ackNanos + Math.round(offsetMs * 1e6);
        clock.parkUntil(due);
        long lateUs = Math.max(0, (clock.nanoTime() - due) / 1000);
        synchronized (probeLate) {
            probeLate.recordValue(lateUs);
        }
        boolean saw = false;
        Session session = pool.take();
        try {
            Map<String, byte[]> result = new HashMap<>();
            // the newest version acknowledged before the read begins: what a linearizable read must see
            long mustSee = Math.max(write.version, acknowledgedVersion.getOrDefault(write.key, 0L));
            long readStart = clock.nanoTime();
            Status s = session.read(cfg.table(), write.key, null, result);
            long answered = clock.nanoTime();
            reads.increment();
            long seen = s.isOk() || s == Status.NOT_FOUND
                    ? VersionedValue.versionOf(result.get(VersionedValue.FIELD), write.runStartNanos) : -1;
            if (!s.isOk() && s != Status.NOT_FOUND) {
                failed(failedReads, s, session);
            } else if (linearizable && seen < mustSee) {
                violations.increment(); // saw stays false: the write is not seen by this read
            } else {
                probedAt.get(offsetMs).increment();
                synchronized (readLatency) {
                    readLatency.recordValue((answered - readStart) / 1000);
                }
                saw = seen >= write.version;
                synchronized (probedInBatch) {
                    probedInBatch.get(offsetMs)[write.batch]++;
                    if (saw) {
                        consistentInBatch.get(offsetMs)[write.batch]++;
                    }
                }
                if (saw) {
                    consistentAt.get(offsetMs).increment();
                } else {
                    staleReads.increment();
                    kStaleness.computeIfAbsent(write.version - seen, k -> new LongAdder()).increment();
                }
            }
        } finally {
            pool.give(session);
        }
        if (write.probed(offsetMs, saw)) {
            double first = write.firstSeenMs();
            if (Double.isNaN(first)) {
                neverSeen.increment();
            } else {
                synchronized (tVisibility) {
                    tVisibility.recordValue(Math.round(first * 1000));
                }
            }
        }
    }
}
