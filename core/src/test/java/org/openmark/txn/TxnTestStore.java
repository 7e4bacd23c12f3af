package org.openmark.txn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Clock;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * A thread-safe map-backed store for transaction tests, with two isolation levels:
 * {@link Isolation#SERIALIZED} runs one transaction at a time (start takes a global lock, writes
 * are buffered and applied at commit, discarded at abort); {@link Isolation#NONE} ignores
 * start/commit/abort and applies every write at once, like a store without transactions.
 *
 * <p>Tests can make the next commits or calls fail, let data calls of several sessions take
 * turns in a given order ({@link #interleave}), give calls a latency waited through a clock, and
 * read the log of every call ({@code s1:START}, {@code s1:READ user3}, …).
 */
final class TxnTestStore implements Store {
    enum Isolation { SERIALIZED, NONE }

    private static final Map<String, byte[]> DELETED = Map.of();

    private final Isolation isolation;
    private final ConcurrentSkipListMap<String, Map<String, byte[]>> data = new ConcurrentSkipListMap<>();
    private final ReentrantLock txLock = new ReentrantLock();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private final Deque<Status> commitFailures = new ArrayDeque<>();
    private final Map<String, Deque<Status>> callFailures = new HashMap<>();
    private final AtomicInteger sessions = new AtomicInteger();
    private final Turnstile turnstile = new Turnstile();
    private volatile Clock clock;
    private volatile Map<String, Long> latencyNanos = Map.of();

    TxnTestStore(Isolation isolation) {
        this.isolation = isolation;
    }

    /** The next commits return these statuses (and, when serialized, discard their writes). */
    synchronized TxnTestStore failCommits(Status... statuses) {
        commitFailures.addAll(List.of(statuses));
        return this;
    }

    /** The next calls named {@code call} (READ, UPDATE, INSERT, …) return these statuses and do nothing. */
    synchronized TxnTestStore failCalls(String call, Status... statuses) {
        callFailures.computeIfAbsent(call, k -> new ArrayDeque<>()).addAll(List.of(statuses));
        return this;
    }

    /** Every call named in {@code nanos} (START, READ, …) takes that long, waited through {@code clock}. */
    TxnTestStore withLatency(Clock clock, Map<String, Long> nanos) {
        this.clock = clock;
        this.latencyNanos = Map.copyOf(nanos);
        return this;
    }

    /** True while some call is given a latency ({@link #withLatency}). */
    @Override
    public boolean callsTakeTime() {
        return latencyNanos.values().stream().anyMatch(n -> n > 0);
    }

    /** Calls take no time any more (e.g. before a validation run by the test's own thread). */
    TxnTestStore withoutLatency() {
        this.latencyNanos = Map.of();
        return this;
    }

    /**
     * Data calls (not START/COMMIT/ABORT) run in this order of session numbers (1-based, in
     * creation order); afterwards they run freely.
     */
    TxnTestStore interleave(int... sessionOrder) {
        turnstile.set(sessionOrder);
        return this;
    }

    /** Every call so far, in order. */
    List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /** The stored record, or null. */
    Map<String, byte[]> get(String key) {
        return data.get(key);
    }

    private synchronized Status injected(String call) {
        Deque<Status> q = callFailures.get(call);
        return q == null ? null : q.poll();
    }

    private synchronized Status nextCommitFailure() {
        return commitFailures.poll();
    }

    @Override
    public Session newSession() {
        return new TestSession(sessions.incrementAndGet());
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return data.isEmpty();
    }

    @Override
    public void close() {
    }

    private final class TestSession implements Session {
        private final int id;
        private final Map<String, Map<String, byte[]>> pending = new HashMap<>();
        private boolean inTx;

        TestSession(int id) {
            this.id = id;
        }

        private void enter(String call, String key, boolean dataCall) {
            if (dataCall) {
                turnstile.await(id);
            }
            log.add("s" + id + ":" + call + (key == null ? "" : " " + key));
            Long nanos = latencyNanos.get(call);
            if (nanos != null) {
                try {
                    clock.parkUntil(clock.nanoTime() + nanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        private void leave(boolean dataCall) {
            if (dataCall) {
                turnstile.done();
            }
        }

        private boolean serialized() {
            return isolation == Isolation.SERIALIZED;
        }

        private Map<String, byte[]> view(String key) {
            if (inTx && pending.containsKey(key)) {
                Map<String, byte[]> p = pending.get(key);
                return p == DELETED ? null : p;
            }
            return data.get(key);
        }

        private void write(String key, Map<String, byte[]> record) {
            if (inTx && serialized()) {
                pending.put(key, record);
            } else if (record == DELETED) {
                data.remove(key);
            } else {
                data.put(key, record);
            }
        }

        /** Runs a data call: turn-taking, log, injected failure, autocommit lock when serialized. */
        private Status call(String name, String key, java.util.function.Supplier<Status> body) {
            enter(name, key, true);
            try {
                Status failed = injected(name);
                if (failed != null) {
                    return failed;
                }
                if (serialized() && !inTx) {
                    txLock.lock();
                    try {
                        return body.get();
                    } finally {
                        txLock.unlock();
                    }
                }
                return body.get();
            } finally {
                leave(true);
            }
        }

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            return call("READ", key, () -> {
                Map<String, byte[]> r = view(key);
                if (r == null) {
                    return Status.NOT_FOUND;
                }
                r.forEach((f, v) -> {
                    if (fields == null || fields.contains(f)) {
                        result.put(f, v);
                    }
                });
                return Status.OK;
            });
        }

        @Override
        public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
            return call("SCAN", startKey, () -> {
                for (var e : data.tailMap(startKey, true).entrySet()) {
                    if (result.size() >= recordCount) {
                        break;
                    }
                    result.add(new Record(e.getKey(), Map.copyOf(e.getValue())));
                }
                return Status.OK;
            });
        }

        @Override
        public Status update(String table, String key, Map<String, byte[]> values) {
            return call("UPDATE", key, () -> {
                Map<String, byte[]> r = view(key);
                if (r == null) {
                    return Status.NOT_FOUND;
                }
                Map<String, byte[]> merged = new HashMap<>(r);
                merged.putAll(values);
                write(key, Map.copyOf(merged));
                return Status.OK;
            });
        }

        @Override
        public Status insert(String table, String key, Map<String, byte[]> values) {
            return call("INSERT", key, () -> {
                if (view(key) != null) {
                    return Status.ERROR;
                }
                write(key, Map.copyOf(values));
                return Status.OK;
            });
        }

        @Override
        public Status delete(String table, String key) {
            return call("DELETE", key, () -> {
                if (view(key) == null) {
                    return Status.NOT_FOUND;
                }
                write(key, DELETED);
                return Status.OK;
            });
        }

        @Override
        public Status start() {
            enter("START", null, false);
            if (serialized()) {
                txLock.lock();
                pending.clear();
            }
            inTx = true;
            return Status.OK;
        }

        @Override
        public Status commit() {
            enter("COMMIT", null, false);
            Status failed = nextCommitFailure();
            if (serialized() && inTx) {
                if (failed == null) {
                    pending.forEach((k, v) -> {
                        if (v == DELETED) {
                            data.remove(k);
                        } else {
                            data.put(k, v);
                        }
                    });
                }
                pending.clear();
                txLock.unlock();
            }
            inTx = false;
            return failed == null ? Status.OK : failed;
        }

        @Override
        public Status abort() {
            enter("ABORT", null, false);
            if (serialized() && inTx) {
                pending.clear();
                txLock.unlock();
            }
            inTx = false;
            return Status.OK;
        }
    }
}
