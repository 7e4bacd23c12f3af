package org.openmark.store.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Status;

/**
 * One client of the etcd store. jetcd is asynchronous, so every call is started ({@link PipelinedSession}): the
 * open model keeps many in flight on the client's channels without a thread per call, and a blocking call is the
 * started one waited for. Each call is bounded by {@code etcd.timeout}: past it, it ends TIMEOUT (the request is
 * not withdrawn from etcd). A completion runs on a thread of the client's.
 *
 * <p>An update is a read and a compare-and-put of the whole record (its mod revision unchanged since the read),
 * tried again when another write came between, at most {@value #UPDATE_TRIES} times: no field another client
 * wrote meanwhile is lost.
 */
final class EtcdSession implements PipelinedSession {
    static final int UPDATE_TRIES = 100;
    /**
     * The read an update starts with: from a member's own state, which the compare catches when it is behind.
     * A record that read does not find, or a compare that failed, is read again linearizably: a member behind
     * may not have the record yet, and only a linearizable read may say it is missing.
     */
    private static final GetOption FIRST_UPDATE_READ = GetOption.builder().withSerializable(true).build();
    private static final GetOption UPDATE_READ = GetOption.builder().withSerializable(false).build();

    private final EtcdStore store;
    private final long timeoutMs;
    private volatile String lastFailure;

    EtcdSession(EtcdStore store) {
        this.store = store;
        this.timeoutMs = store.config().timeout().toMillis();
    }

    @Override
    public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result, Completion done) {
        if (key == null || table == null) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        ending(() -> store.reads().get(EtcdKeys.key(table, key), store.readOption()), done, got -> {
            if (got.getKvs().isEmpty()) {
                return Status.NOT_FOUND;
            }
            result.putAll(RecordCodec.decode(value(got.getKvs().get(0)), fields));
            return Status.OK;
        });
    }

    @Override
    public void startScan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result,
            Completion done) {
        if (startKey == null || table == null) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        if (recordCount <= 0) {
            // etcd's limit 0 is no limit: nothing is asked
            done.completed(recordCount == 0 ? Status.OK : Status.BAD_REQUEST);
            return;
        }
        GetOption range = GetOption.builder().withRange(EtcdKeys.tableEnd(table)).withLimit(recordCount)
                .withSerializable(store.config().readMode() == EtcdConfig.ReadMode.SERIALIZABLE)
                .withSortField(GetOption.SortTarget.KEY).withSortOrder(GetOption.SortOrder.ASCEND).build();
        ending(() -> store.reads().get(EtcdKeys.key(table, startKey), range), done, got -> {
            for (KeyValue kv : got.getKvs()) {
                result.add(new Record(EtcdKeys.recordKey(table, kv.getKey()), RecordCodec.decode(value(kv), fields)));
            }
            return Status.OK;
        });
    }

    @Override
    public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
        if (!valid(table, key, values)) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        ending(() -> store.writes().put(EtcdKeys.key(table, key), ByteSequence.from(RecordCodec.encode(values))), done,
                put -> Status.OK);
    }

    @Override
    public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
        if (!valid(table, key, values)) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        // the caller's arrays are read-only and may change after this returns: encoded now, merged later
        Map<String, byte[]> given = new HashMap<>();
        values.forEach((f, v) -> given.put(f, v.clone()));
        update(EtcdKeys.key(table, key), given, done, 1);
    }

    private void update(ByteSequence key, Map<String, byte[]> values, Completion done, int attempt) {
        boolean first = attempt == 1;
        started(() -> store.writes().get(key, first ? FIRST_UPDATE_READ : UPDATE_READ)).whenComplete((got, error) -> {
            if (error != null) {
                done.completed(failed(error));
                return;
            }
            if (got.getKvs().isEmpty()) {
                if (first) {
                    update(key, values, done, attempt + 1);
                } else {
                    done.completed(Status.NOT_FOUND);
                }
                return;
            }
            KeyValue current = got.getKvs().get(0);
            Map<String, byte[]> merged;
            try {
                merged = RecordCodec.decode(value(current), null);
            } catch (RuntimeException e) {
                done.completed(failed(e)); // a value not in the store's encoding: the call still ends, once
                return;
            }
            merged.putAll(values);
            started(() -> store.writes().txn()
                    .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.put(key, ByteSequence.from(RecordCodec.encode(merged)), PutOption.DEFAULT))
                    .commit()).whenComplete((txn, txnError) -> {
                        if (txnError != null) {
                            done.completed(failed(txnError));
                        } else if (txn.isSucceeded()) {
                            done.completed(Status.OK);
                        } else if (attempt < UPDATE_TRIES) {
                            update(key, values, done, attempt + 1);
                        } else {
                            lastFailure = "another write changed the record between the read and the write of each of "
                                    + UPDATE_TRIES + " tries";
                            done.completed(Status.ERROR);
                        }
                    });
        });
    }

    @Override
    public void startDelete(String table, String key, Completion done) {
        if (key == null || table == null) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        ending(() -> store.writes().delete(EtcdKeys.key(table, key)), done,
                deleted -> deleted.getDeleted() > 0 ? Status.OK : Status.NOT_FOUND);
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        return waitFor((done) -> startRead(table, key, fields, result, done));
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        return waitFor((done) -> startScan(table, startKey, recordCount, fields, result, done));
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        return waitFor((done) -> startUpdate(table, key, values, done));
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return waitFor((done) -> startInsert(table, key, values, done));
    }

    @Override
    public Status delete(String table, String key) {
        return waitFor((done) -> startDelete(table, key, done));
    }

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    /** What a reply makes of a call. */
    @FunctionalInterface
    private interface Outcome<T> {
        Status of(T reply);
    }

    /** Starts a call and tells {@code done}, once, what its bounded reply makes of it, or the failure's status. */
    private <T> void ending(Supplier<CompletableFuture<T>> call, Completion done, Outcome<T> outcome) {
        started(call).whenComplete(told(done, outcome));
    }

    /**
     * The call's reply bounded by {@code etcd.timeout}; a call the client refuses at once (it throws: a closed
     * client) is a failed reply, so it is counted as the others are and never thrown at the harness.
     */
    private <T> CompletableFuture<T> started(Supplier<CompletableFuture<T>> call) {
        CompletableFuture<T> reply;
        try {
            reply = call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return reply.orTimeout(timeoutMs, TimeUnit.MILLISECONDS);
    }

    private <T> BiConsumer<T, Throwable> told(Completion done, Outcome<T> outcome) {
        return (reply, error) -> {
            Status status;
            if (error != null) {
                status = failed(error);
            } else {
                try {
                    status = outcome.of(reply);
                } catch (RuntimeException e) {
                    status = failed(e); // a value not in the store's encoding: the call still ends, once
                }
            }
            done.completed(status);
        };
    }


    private Status failed(Throwable error) {
        lastFailure = EtcdErrors.reason(error);
        return EtcdErrors.statusOf(error);
    }

    /** A started call, waited for: its status once the completion is told. */
    private static Status waitFor(java.util.function.Consumer<Completion> start) {
        CompletableFuture<Status> status = new CompletableFuture<>();
        start.accept(status::complete);
        return status.join();
    }

    private static ByteBuffer value(KeyValue kv) {
        return ByteBuffer.wrap(kv.getValue().getBytes());
    }

    private static boolean valid(String table, String key, Map<String, byte[]> values) {
        return table != null && key != null && values != null && values.values().stream().allMatch(v -> v != null)
                && values.keySet().stream().allMatch(f -> f != null);
    }
}
