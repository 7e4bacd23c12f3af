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
import org.openmark.load.SessionPool;
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
 * that saw the write. Times come from one clock, so writer and readers must run on one
 * machine or on machines with synchronized clocks. The t-visibility figures (the first probe
 * that saw the write) have the probe schedule's resolution.
 */
public final class StalenessMeasurement {
    private final StalenessConfig cfg;
    private final Clock clock;
    private final Tasks tasks;
    private final StopSignal stop;

    private final Map<Double, LongAdder> consistentAt = new ConcurrentHashMap<>();
    private final Map<Double, LongAdder> probedAt = new ConcurrentHashMap<>();
    private final Map<Long, LongAdder> kStaleness = new ConcurrentHashMap<>();
    private final Histogram tVisibility = new Histogram(3);
    private final Histogram probeLate = new Histogram(3);
    private final LongAdder reads = new LongAdder();
    private final LongAdder staleReads = new LongAdder();
    private final LongAdder neverSeen = new LongAdder();
    private final Map<Status, LongAdder> failedWrites = new ConcurrentHashMap<>();
    private final Map<Status, LongAdder> failedReads = new ConcurrentHashMap<>();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();
    private final AtomicLong outstanding = new AtomicLong();

    public StalenessMeasurement(StalenessConfig cfg, Clock clock, Tasks tasks, StopSignal stop) {
        this.cfg = cfg;
        this.clock = clock;
        this.tasks = tasks;
        this.stop = stop;
        tVisibility.setAutoResize(true);
        probeLate.setAutoResize(true);
        for (double t : cfg.probeOffsetsMs()) {
            consistentAt.put(t, new LongAdder());
            probedAt.put(t, new LongAdder());
        }
    }

    /** Runs the writes and their probes; returns when every probe finished. */
    public StalenessResult run(Store store) throws InterruptedException {
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        long[] writes = new long[1];
        Thread writer = tasks.startPlatform("openmark-staleness-writer", () -> {
            try (SessionPool pool = new SessionPool(store)) {
                writes[0] = writeAndProbe(pool);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        writer.join();
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
                lastFailure.get()), late);
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
            acknowledged++;
            outstanding.incrementAndGet();
            tasks.startOperation(() -> {
                try {
                    probe(pool, key, version, ack, start);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    outstanding.decrementAndGet();
                }
            });
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
     * Reads {@code version} of {@code key} back at each offset after its acknowledgement; a value of
     * another run (one that did not start at {@code runStartNanos}) is none of this run's writes.
     */
    private void probe(SessionPool pool, String key, long version, long ackNanos, long runStartNanos)
            throws InterruptedException {
        List<Double> offsets = cfg.probeOffsetsMs();
        Session session = pool.take();
        boolean seenOnce = false;
        try {
            for (double t : offsets) {
                long due = ackNanos + Math.round(t * 1e6);
                clock.parkUntil(due);
                long lateUs = Math.max(0, (clock.nanoTime() - due) / 1000);
                synchronized (probeLate) {
                    probeLate.recordValue(lateUs);
                }
                Map<String, byte[]> result = new HashMap<>();
                Status s = session.read(cfg.table(), key, null, result);
                reads.increment();
                if (!s.isOk() && s != Status.NOT_FOUND) {
                    failed(failedReads, s, session);
                    continue;
                }
                long seen = VersionedValue.versionOf(result.get(VersionedValue.FIELD), runStartNanos);
                probedAt.get(t).increment();
                if (seen >= version) {
                    consistentAt.get(t).increment();
                    if (!seenOnce) {
                        seenOnce = true;
                        synchronized (tVisibility) {
                            tVisibility.recordValue(Math.round(t * 1000));
                        }
                    }
                } else {
                    staleReads.increment();
                    kStaleness.computeIfAbsent(version - seen, k -> new LongAdder()).increment();
                }
            }
            if (!seenOnce) {
                neverSeen.increment();
            }
        } finally {
            pool.give(session);
        }
    }
}
