package org.openmark.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/**
 * An in-memory store that keeps what it is written and gives it back, for tests of what reads
 * return: a record can be damaged after the load ({@link #corrupt}, {@link #empty}). Each call takes
 * {@code callNanos} through the clock (so virtual time passes), and the store times its own reads
 * with the clock ({@link #ownReadMicros}), to compare with what the driver recorded. Its sessions
 * can pipeline: a started call then ends at once, on the caller's thread, as a binding whose reply
 * is already there.
 */
public final class RecordStore implements Store {
    private final Clock clock;
    private final long callNanos;
    private final boolean pipelined;
    private final Map<String, Map<String, byte[]>> data = new ConcurrentHashMap<>();
    private final Histogram ownReads = new Histogram(3);

    /**
     * @param callNanos how long each call takes, waited through the clock (0: no wait)
     * @param pipelined true for sessions that are {@link PipelinedSession}s
     */
    public RecordStore(Clock clock, long callNanos, boolean pipelined) {
        this.clock = clock;
        this.callNanos = callNanos;
        this.pipelined = pipelined;
        ownReads.setAutoResize(true);
    }

    /** A factory named {@code name} that opens this store. */
    public StoreFactory factory(String name) {
        RecordStore store = this;
        return new StoreFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "keeps what it is written, in memory";
            }

            @Override
            public Set<String> propertyNames() {
                return Set.of();
            }

            @Override
            public Store open(StoreProperties properties) {
                return store;
            }
        };
    }

    /** Flips one bit of {@code field} of record {@code key}, as a store that damaged it would. */
    public void corrupt(String key, String field) {
        Map<String, byte[]> damaged = new HashMap<>(data.get(key));
        byte[] v = damaged.get(field).clone();
        v[0] ^= 0x01;
        damaged.put(field, v);
        data.put(key, damaged);
    }

    /** Leaves record {@code key} there with no field: a read of it is OK and returns nothing. */
    public void empty(String key) {
        data.put(key, Map.of());
    }

    /** The store's own time of each read, microseconds, from its start to its answer. */
    public synchronized Histogram ownReadMicros() {
        return ownReads.copy();
    }

    private void take() {
        if (callNanos > 0) {
            try {
                clock.parkUntil(clock.nanoTime() + callNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private Status read(String key, Set<String> fields, Map<String, byte[]> result) {
        long start = clock.nanoTime();
        take();
        Map<String, byte[]> v = data.get(key);
        Status status = Status.NOT_FOUND;
        if (v != null) {
            v.forEach((f, bytes) -> {
                if (fields == null || fields.contains(f)) {
                    result.put(f, bytes.clone());
                }
            });
            status = Status.OK;
        }
        long micros = (clock.nanoTime() - start) / 1000;
        synchronized (this) {
            ownReads.recordValue(micros);
        }
        return status;
    }

    private Status write(String key, Map<String, byte[]> values, boolean mustExist) {
        take();
        if (mustExist && !data.containsKey(key)) {
            return Status.NOT_FOUND;
        }
        Map<String, byte[]> merged = new HashMap<>(data.getOrDefault(key, Map.of()));
        values.forEach((f, v) -> merged.put(f, v.clone()));
        data.put(key, merged);
        return Status.OK;
    }

    @Override
    public Session newSession() {
        return pipelined ? new Pipelined() : new Blocking();
    }

    private class Blocking implements Session {
        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            return RecordStore.this.read(key, fields, result);
        }

        @Override
        public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
            take();
            return Status.OK;
        }

        @Override
        public Status update(String table, String key, Map<String, byte[]> values) {
            return write(key, values, true);
        }

        @Override
        public Status insert(String table, String key, Map<String, byte[]> values) {
            return write(key, values, false);
        }

        @Override
        public Status delete(String table, String key) {
            take();
            return data.remove(key) == null ? Status.NOT_FOUND : Status.OK;
        }
    }

    /** Every started call ends at once, on the caller's thread. */
    private final class Pipelined extends Blocking implements PipelinedSession {
        @Override
        public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result,
                Completion done) {
            done.completed(read(table, key, fields, result));
        }

        @Override
        public void startScan(String table, String startKey, int recordCount, Set<String> fields,
                List<Record> result, Completion done) {
            done.completed(scan(table, startKey, recordCount, fields, result));
        }

        @Override
        public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
            done.completed(update(table, key, values));
        }

        @Override
        public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
            done.completed(insert(table, key, values));
        }

        @Override
        public void startDelete(String table, String key, Completion done) {
            done.completed(delete(table, key));
        }
    }

    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public boolean callsTakeTime() {
        return callNanos > 0;
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return data.isEmpty();
    }

    @Override
    public void close() {
    }
}
