package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * A replicated test store whose n-th write becomes visible to readers exactly d(n) after it
 * was acknowledged, in virtual time: the measurement must find exactly the fraction of writes
 * with d ≤ t at each probe offset t, and the right k for stale reads.
 */
class StalenessMeasurementTest {
    /**
     * Writes are acknowledged at once; write n becomes visible after delays[n % delays.length] ms,
     * and a read returns the latest write to the key that is visible (values kept as written).
     */
    static final class LaggingReplicaStore implements Store {
        /** A write to a key: its number among all writes, when it becomes visible, the value. */
        private record Write(long number, long visibleAtNanos, byte[] value) {
        }

        private final Clock clock;
        private final long[] delaysMs;
        private final Map<String, List<Write>> versions = new java.util.concurrent.ConcurrentHashMap<>();
        private long writes;

        /** How long each read takes (ms of the clock's time). */
        private long readMs;

        /** As the embedded stores: an update of a key never written returns NOT_FOUND and writes nothing. */
        private boolean updateNeedsTheRecord;
        private final java.util.concurrent.atomic.AtomicLong inserts = new java.util.concurrent.atomic.AtomicLong();

        LaggingReplicaStore(Clock clock, long... delaysMs) {
            this.clock = clock;
            this.delaysMs = delaysMs;
        }

        LaggingReplicaStore withReadsTaking(long ms) {
            this.readMs = ms;
            return this;
        }

        /** Whether it claims linearizable reads (while its reads lag as configured). */
        private boolean promisesLinearizable;

        LaggingReplicaStore promisingLinearizableReads() {
            this.promisesLinearizable = true;
            return this;
        }

        @Override
        public boolean readsLinearizable() {
            return promisesLinearizable;
        }

        LaggingReplicaStore withUpdatesNeedingTheRecord() {
            this.updateNeedsTheRecord = true;
            return this;
        }

        @Override
        public Session newSession() {
            return new Session() {
                @Override
                public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                    long now = clock.nanoTime();
                    if (readMs > 0) {
                        try {
                            clock.parkUntil(now + readMs * 1_000_000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return Status.ERROR;
                        }
                    }
                    Write latest = null;
                    synchronized (LaggingReplicaStore.this) {
                        for (Write w : versions.getOrDefault(key, List.of())) {
                            if (w.visibleAtNanos() <= now && (latest == null || w.number() > latest.number())) {
                                latest = w;
                            }
                        }
                    }
                    if (latest == null) {
                        return Status.NOT_FOUND;
                    }
                    result.put(VersionedValue.FIELD, latest.value());
                    return Status.OK;
                }

                @Override
                public Status update(String table, String key, Map<String, byte[]> values) {
                    if (updateNeedsTheRecord && !versions.containsKey(key)) {
                        return Status.NOT_FOUND;
                    }
                    return write(key, values);
                }

                private Status write(String key, Map<String, byte[]> values) {
                    synchronized (LaggingReplicaStore.this) {
                        long d = delaysMs[(int) (writes % delaysMs.length)];
                        versions.computeIfAbsent(key, k -> new ArrayList<>())
                                .add(new Write(writes++, clock.nanoTime() + d * 1_000_000, values.get(VersionedValue.FIELD)));
                    }
                    return Status.OK;
                }

                @Override
                public Status scan(String t, String s, int n, Set<String> f, List<Record> r) {
                    return Status.NOT_IMPLEMENTED;
                }

                @Override
                public Status insert(String table, String key, Map<String, byte[]> values) {
                    inserts.incrementAndGet();
                    return write(key, values);
                }

                @Override
                public Status delete(String table, String key) {
                    return Status.NOT_IMPLEMENTED;
                }
            };
        }

        @Override
        public void close() {
        }
    }

    @Test
    void run_knownReplicationDelays_measuresExactVisibilityFractions() throws Exception {
        VirtualClock clock = new VirtualClock();
        // Delays 0, 1, 3, 7, 30 ms repeating: visible at probe 0 for 1/5, at 2 ms for 2/5,
        // at 5 ms for 3/5, at 10 ms for 4/5, at 50 ms for all.
        LaggingReplicaStore store = new LaggingReplicaStore(clock, 0, 1, 3, 7, 30);
        StalenessConfig cfg = new StalenessConfig(100, 500, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(store);

        assertEquals(500, r.writes());
        Map<Double, Double> p = r.pConsistentAt();
        assertEquals(0.2, p.get(0.0), 1e-9);
        assertEquals(0.4, p.get(2.0), 1e-9);
        assertEquals(0.6, p.get(5.0), 1e-9);
        assertEquals(0.8, p.get(10.0), 1e-9);
        assertEquals(1.0, p.get(50.0), 1e-9);
        assertEquals(0, r.neverSeen());
        // Stale reads: 0 + 1 + 2 + 3 + 4 probes per 5 writes.
        assertEquals(500 / 5 * 10, r.staleReads());
        assertEquals(Map.of(1L, r.staleReads()), r.kStaleness(), "writes to a key are 500 ms apart: k is 1");
        assertEquals(50_000, r.tVisibilityUs().getMaxValue(), 50);
        assertTrue(r.text().contains("[STALENESS], PConsistentAt(5ms), 0.60000"), r.text());
    }

    /**
     * A store that promises linearizable reads but serves them from a lagging replica: every read
     * that misses its write (acknowledged before the read began) is a violation, counted apart and
     * never as staleness, and the measurement is not valid. The same lag without the promise is
     * staleness, with no violation.
     */
    @Test
    void run_linearizablePromiseBrokenByLaggingReads_countsViolationsNotStaleness() throws Exception {
        StalenessConfig cfg = new StalenessConfig(100, 500, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        VirtualClock clock = new VirtualClock();
        LaggingReplicaStore lying = new LaggingReplicaStore(clock, 0, 1, 3, 7, 30).promisingLinearizableReads();
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(lying);

        // the reads that were stale without the promise (0 + 1 + 2 + 3 + 4 per 5 writes) are violations
        assertEquals(500 / 5 * 10, r.violations());
        assertTrue(r.linearizable());
        assertEquals(0, r.staleReads(), "a violation is not a stale read");
        assertEquals(Map.of(), r.kStaleness());
        r.pConsistentAt().forEach((t, p) -> assertEquals(1.0, p, 1e-9, "P(consistent) at " + t + " ms"));
        assertEquals(100, r.probedAt().get(0.0), "only the reads that kept the promise are counted at 0 ms");
        assertTrue(r.text().contains("[STALENESS], Violations, 1000\n"), r.text());
        assertTrue(r.invalidReasons(0.01).stream().anyMatch(w -> w.startsWith("1000 of 2500 reads")
                && w.contains("violations of linearizability")), r.invalidReasons(0.01).toString());
        assertEquals(1000L, r.json().get("violations"));

        VirtualClock clock2 = new VirtualClock();
        LaggingReplicaStore honest = new LaggingReplicaStore(clock2, 0, 1, 3, 7, 30);
        StalenessResult s = new StalenessMeasurement(cfg, clock2, new VirtualTasks(clock2), new StopSignal()).run(honest);
        assertEquals(0, s.violations());
        assertEquals(1000, s.staleReads(), "without the promise the same lag is staleness");
        assertEquals(0.2, s.pConsistentAt().get(0.0), 1e-9);
        assertFalse(s.text().contains("Violations"), s.text());
        assertEquals(List.of(), s.invalidReasons(0.01));
    }

    /**
     * A store that keeps its promise of linearizable reads, even when a newer version of the key is
     * acknowledged between a write and its later probes: no violation, and 0 is printed.
     */
    @Test
    void run_linearizablePromiseKept_zeroViolationsAndValid() throws Exception {
        StalenessConfig cfg = new StalenessConfig(100, 500, 5, List.of(0.0, 20.0, 100.0), "usertable");
        VirtualClock clock = new VirtualClock();
        LaggingReplicaStore store = new LaggingReplicaStore(clock, 0).promisingLinearizableReads();
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(store);

        assertEquals(0, r.violations());
        assertEquals(0, r.staleReads());
        assertEquals(1500, r.reads());
        assertTrue(r.text().contains("[STALENESS], Violations, 0\n"), r.text());
        assertEquals(List.of(), r.invalidReasons(0.01));
    }

    /**
     * The embedded stores' update of a missing key returns NOT_FOUND and creates nothing: the
     * writer inserts each key the first time, so every write is acknowledged and the figures are
     * the same as on a store whose update creates the key.
     */
    @Test
    void run_storeWhoseUpdateNeedsTheRecord_insertsEachKeyOnceAndMeasuresTheSame() throws Exception {
        VirtualClock clock = new VirtualClock();
        LaggingReplicaStore store = new LaggingReplicaStore(clock, 0, 1, 3, 7, 30).withUpdatesNeedingTheRecord();
        StalenessConfig cfg = new StalenessConfig(100, 500, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(store);

        assertEquals(500, r.writes());
        assertEquals(0, r.errors());
        assertEquals(50, store.inserts.get(), "one insert per key, the first time it is written");
        assertEquals(0.2, r.pConsistentAt().get(0.0), 1e-9);
        assertEquals(0.6, r.pConsistentAt().get(5.0), 1e-9);
        assertEquals(1.0, r.pConsistentAt().get(50.0), 1e-9);
        assertEquals(Map.of(1L, 500L / 5 * 10), r.kStaleness());
    }

    /**
     * A store that answers every write and every read with the given statuses, saying {@code said}
     * about them, and keeps nothing: a read gives no fields back.
     */
    private static Store answering(Status write, Status read, String said) {
        return new Store() {
            @Override
            public Session newSession() {
                return new Session() {
                    @Override
                    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                        return read;
                    }

                    @Override
                    public Status update(String table, String key, Map<String, byte[]> values) {
                        return write;
                    }

                    @Override
                    public Status insert(String table, String key, Map<String, byte[]> values) {
                        return write;
                    }

                    @Override
                    public Status scan(String t, String s, int n, Set<String> f, List<Record> r) {
                        return Status.NOT_IMPLEMENTED;
                    }

                    @Override
                    public Status delete(String table, String key) {
                        return Status.NOT_IMPLEMENTED;
                    }

                    @Override
                    public String lastFailure() {
                        return said;
                    }
                };
            }

            @Override
            public void close() {
            }
        };
    }

    /** One measurement in virtual time. */
    private static StalenessResult measure(StalenessConfig cfg, VirtualClock clock, Store store)
            throws InterruptedException {
        return new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(store);
    }

    /** 20 writes over 5 keys, each probed at 0 and 5 ms, in virtual time. */
    private static StalenessResult twentyWritesTo(Store store) throws InterruptedException {
        return measure(new StalenessConfig(100, 20, 5, List.of(0.0, 5.0), "usertable"), new VirtualClock(), store);
    }

    @Test
    void run_everyWriteRefused_failuresCountedPerStatusWithWhatTheStoreSaid() throws Exception {
        StalenessResult r = twentyWritesTo(answering(Status.SERVICE_UNAVAILABLE, Status.OK, "Connection refused"));

        assertEquals(new FailedRequests(Map.of(Status.SERVICE_UNAVAILABLE, 20L), Map.of(), "Connection refused"),
                r.failures());
        assertEquals(0, r.writes());
        assertEquals(20, r.requests());
        assertEquals("no write was acknowledged (20 of 20 writes failed: SERVICE_UNAVAILABLE 20; last: Connection"
                + " refused)", r.invalidReasons(0.01).get(0));
    }

    @Test
    void run_everyReadTimesOut_readFailuresCountedPerStatus() throws Exception {
        StalenessResult r = twentyWritesTo(answering(Status.OK, Status.TIMEOUT, "Read timed out"));

        assertEquals(20, r.writes());
        assertEquals(new FailedRequests(Map.of(), Map.of(Status.TIMEOUT, 40L), "Read timed out"), r.failures());
        assertEquals(60, r.requests());
        assertTrue(r.invalidReasons(0.01).contains("40 of 60 requests failed (66.7%: 40 of 40 reads failed: TIMEOUT 40;"
                + " last: Read timed out), more than the error budget of 1% (--max-error-rate)"),
                r.invalidReasons(0.01)::toString);
    }

    /** A store that acknowledges every write and keeps none (as noop does): nothing was measured. */
    @Test
    void run_storeKeepingNothing_noWriteSeenAndNotValid() throws Exception {
        StalenessResult r = twentyWritesTo(answering(Status.OK, Status.OK, null));

        assertEquals(20, r.writes());
        assertEquals(20, r.neverSeen());
        assertEquals(0.0, r.pConsistentAt().get(0.0));
        assertEquals(List.of("none of the 20 acknowledged writes was seen by any of the 40 reads answered, up to 5 ms"
                + " after the acknowledgement: the store does not give back what it is written (it keeps nothing, as"
                + " noop does), or its replicas lag more than that (--probes can reach further)"), r.invalidReasons(0.01));
        assertTrue(r.text().contains("[STALENESS], TVisibilityp50(ms), n/a\n"), r.text());
    }

    /**
     * A store kept between runs holds the first run's values, with higher versions than the second
     * run's first writes: the second run must not take them for its own writes, so it measures
     * exactly what the first did (an earlier version took a read of the first run's version 10 for
     * the second run's version 1, so each key's first write looked visible at once: P(consistent)
     * at 0 ms 0.28 instead of 0.2).
     */
    @Test
    void run_twiceOnOneStore_theFirstRunsValuesAreNotTheSecondRunsWrites() throws Exception {
        VirtualClock clock = new VirtualClock();
        LaggingReplicaStore kept = new LaggingReplicaStore(clock, 0, 1, 3, 7, 30);
        StalenessConfig cfg = new StalenessConfig(100, 500, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        StalenessResult first = measure(cfg, clock, kept);
        StalenessResult second = measure(cfg, clock, kept);

        assertEquals(first.pConsistentAt(), second.pConsistentAt());
        assertEquals(0.2, second.pConsistentAt().get(0.0), 1e-9);
        assertEquals(first.kStaleness(), second.kStaleness());
        assertEquals(first.staleReads(), second.staleReads());
    }

    @Test
    void run_virtualTime_probesAreNeverLate() throws Exception {
        VirtualClock clock = new VirtualClock();
        StalenessConfig cfg = new StalenessConfig(100, 200, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal())
                .run(new LaggingReplicaStore(clock, 0, 3));

        assertEquals(r.reads(), r.probeLateUs().getTotalCount());
        assertEquals(0, r.probeLateUs().getMaxValue());
        assertEquals(null, r.lateProbeWarning(1000));
    }

    @Test
    void run_readsSlowerThanTheProbeGaps_everyProbeStillReadsAtItsOffset() throws Exception {
        VirtualClock clock = new VirtualClock();
        // Each read takes 4 ms, longer than the gaps between offsets 0, 2 and 5. One prober reading a
        // write's offsets in turn started the probe due at 2 ms at 4 ms, the one due at 5 at 8 (issue 39);
        // each probe is its own reader now, and each reads at its offset. A write is visible 3 ms after it.
        StalenessConfig cfg = new StalenessConfig(10, 40, 40, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal())
                .run(new LaggingReplicaStore(clock, 3).withReadsTaking(4));

        assertEquals(200, r.probeLateUs().getTotalCount());
        assertEquals(0, r.probeLateUs().getMaxValue(), "no probe started late");
        assertEquals(null, r.lateProbeWarning(1000));
        // the store reads at the call's start: visible from 3 ms on
        assertEquals(0.0, r.pConsistentAt().get(0.0), 1e-9);
        assertEquals(0.0, r.pConsistentAt().get(2.0), 1e-9, "read at 2 ms, not at 4 ms");
        assertEquals(1.0, r.pConsistentAt().get(5.0), 1e-9);
        assertEquals(40, r.tVisibilityUs().getCountBetweenValues(5000, 5000), "first seen at the 5 ms probe");
    }

    @Test
    void batches_consecutiveWrites_addUpToTheTotalsPerOffset() throws Exception {
        VirtualClock clock = new VirtualClock();
        // delays 0 ms for the first half of the writes, 30 ms for the second: at 0 ms the first ten
        // batches see every write, the last ten none
        long[] delays = new long[400];
        java.util.Arrays.fill(delays, 200, 400, 30);
        StalenessConfig cfg = new StalenessConfig(100, 400, 400, List.of(0.0, 50.0), "usertable");
        StalenessMeasurement m = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal());
        StalenessResult r = m.run(new LaggingReplicaStore(clock, delays));

        StalenessMeasurement.Batches b = m.batches();
        long[] seenAt0 = b.consistent().get(0.0);
        long[] probedAt0 = b.probed().get(0.0);
        assertEquals(StalenessMeasurement.BATCHES, seenAt0.length);
        for (int i = 0; i < StalenessMeasurement.BATCHES; i++) {
            assertEquals(20, probedAt0[i], "batch " + i);
            assertEquals(i < 10 ? 20 : 0, seenAt0[i], "batch " + i);
        }
        assertEquals(r.consistentAt().get(0.0), java.util.Arrays.stream(seenAt0).sum());
        assertEquals(400, java.util.Arrays.stream(b.consistent().get(50.0)).sum());
    }

    @Test
    void run_keysRewrittenFasterThanVisibility_reportsLargerK() throws Exception {
        VirtualClock clock = new VirtualClock();
        LaggingReplicaStore store = new LaggingReplicaStore(clock, 25);
        // One key, a write every 10 ms, each visible 25 ms after it: a read right after write n
        // sees n−3 (written 30 ms earlier), so k = 3.
        StalenessConfig cfg = new StalenessConfig(100, 50, 1, List.of(0.0, 30.0), "usertable");
        StalenessResult r = new StalenessMeasurement(cfg, clock, new VirtualTasks(clock), new StopSignal()).run(store);
        assertTrue(r.kStaleness().getOrDefault(3L, 0L) > 40, r.kStaleness().toString());
        assertEquals(1.0, r.pConsistentAt().get(30.0), 1e-9);
    }

    @Test
    void part_splitsRateWritesAndKeysIntoDisjointPartsThatAddUp() {
        StalenessConfig whole = new StalenessConfig(300, 1001, 10, List.of(0.0, 5.0), "usertable");
        java.util.Set<String> keys = new java.util.HashSet<>();
        long writes = 0;
        for (int i = 0; i < 3; i++) {
            StalenessConfig part = whole.part(new org.openmark.load.Share(i, 3));
            assertEquals(100, part.writeRatePerSec(), 1e-9);
            writes += part.writes();
            for (int k = 0; k < part.keys(); k++) {
                assertTrue(keys.add(part.key(k)), "key " + part.key(k) + " written by two parts");
            }
        }
        assertEquals(1001, writes);
        assertEquals(10, keys.size());
        assertTrue(keys.contains("stale0") && keys.contains("stale9"), keys.toString());
        org.openmark.config.ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.openmark.config.ConfigException.class, () -> whole.part(new org.openmark.load.Share(0, 11)));
        assertTrue(e.getMessage().contains("--keys=10"), e.getMessage());
    }

    @Test
    void merge_ofTwoHalves_isTheWholeMeasurement() throws Exception {
        List<StalenessResult> halves = new ArrayList<>();
        StalenessConfig whole = new StalenessConfig(100, 500, 50, List.of(0.0, 2.0, 5.0, 10.0, 50.0), "usertable");
        for (int i = 0; i < 2; i++) {
            VirtualClock clock = new VirtualClock();
            LaggingReplicaStore store = new LaggingReplicaStore(clock, 0, 1, 3, 7, 30);
            StalenessConfig part = whole.part(new org.openmark.load.Share(i, 2));
            halves.add(new StalenessMeasurement(part, clock, new VirtualTasks(clock), new StopSignal()).run(store));
        }

        StalenessResult merged = StalenessResult.merge(halves);

        assertEquals(500, merged.writes());
        assertEquals(halves.get(0).reads() + halves.get(1).reads(), merged.reads());
        assertEquals(500 / 5 * 10, merged.staleReads());
        assertEquals(0.2, merged.pConsistentAt().get(0.0), 1e-9);
        assertEquals(0.6, merged.pConsistentAt().get(5.0), 1e-9);
        assertEquals(1.0, merged.pConsistentAt().get(50.0), 1e-9);
        assertEquals(500, merged.tVisibilityUs().getTotalCount());
        assertEquals(halves.get(0).tVisibilityUs().getTotalCount(), 250);
    }
}
