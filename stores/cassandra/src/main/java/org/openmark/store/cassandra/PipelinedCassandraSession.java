package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverExecutionException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.cassandra.CassandraSession.OpKind;

/**
 * A Cassandra session that starts single calls through the driver's asynchronous requests
 * ({@code cassandra.pipelined=true}): the driver multiplexes them on its connections by stream id,
 * so the open model keeps many in flight without a thread waiting for each. The calls, their
 * statements and their statuses are those of the blocking {@link CassandraSession} methods, which
 * composite operations and the closed model still use. A completion runs on one of the driver's
 * I/O threads.
 */
final class PipelinedCassandraSession extends CassandraSession implements PipelinedSession {

    PipelinedCassandraSession(CassandraStore store) {
        super(store);
    }

    /** What a write's reply makes of it: the write was applied. */
    private static final Outcome WRITTEN = (rows, call) -> Status.OK;

    @Override
    public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result, Completion done) {
        start(() -> readCall(table, key, fields, result), OpKind.READ, done,
                ending(done, (rows, call) -> readResult(rows.one(), call, result)));
    }

    @Override
    public void startScan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result,
            Completion done) {
        start(() -> scanCall(table, startKey, recordCount, fields, result), OpKind.SCAN, done,
                (rows, call) -> scanPage(rows, call, result, done));
    }

    @Override
    public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
        start(() -> writeCall(table, key, values, false), OpKind.WRITE, done, ending(done, WRITTEN));
    }

    @Override
    public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
        start(() -> writeCall(table, key, values, true), OpKind.WRITE, done, ending(done, WRITTEN));
    }

    @Override
    public void startDelete(String table, String key, Completion done) {
        start(() -> deleteCall(table, key), OpKind.WRITE, done, ending(done, WRITTEN));
    }

    /** What a call's first page of rows makes of its result. */
    @FunctionalInterface
    private interface Outcome {
        Status of(AsyncResultSet rows, Call call);
    }

    /** What is done with a call's reply; it tells the call's completion, once. */
    @FunctionalInterface
    private interface Reply {
        void take(AsyncResultSet rows, Call call);
    }

    /** A reply that tells {@code done} the outcome, or an error when the rows cannot be read. */
    private Reply ending(Completion done, Outcome outcome) {
        return (rows, call) -> {
            Status status;
            try {
                status = outcome.of(rows, call);
            } catch (RuntimeException e) {
                status = statusOf(e); // a row it could not read: the call still ends, once
            }
            done.completed(status);
        };
    }

    /** Makes the call and starts it; a driver failure tells {@code done} at once, a reply goes to {@code reply}. */
    private void start(Supplier<Call> make, OpKind kind, Completion done, Reply reply) {
        Call call;
        CompletionStage<AsyncResultSet> sent;
        try {
            call = make.get();
            if (call.isDone()) {
                done.completed(call.immediate());
                return;
            }
            sent = store.executeAsync(call.statement(), kind);
        } catch (DriverException e) {
            done.completed(failed(e));
            return;
        }
        sent.whenComplete((rows, error) -> {
            if (error != null) {
                done.completed(statusOf(error));
            } else {
                store.answered(rows);
                reply.take(rows, call);
            }
        });
    }

    /** Adds a page's rows; asks for the next page, or tells {@code done} after the last. */
    private void scanPage(AsyncResultSet rows, Call call, List<Record> result, Completion done) {
        try {
            for (Row row : rows.currentPage()) {
                addRecord(row, call, result);
            }
        } catch (RuntimeException e) {
            done.completed(statusOf(e));
            return;
        }
        if (!rows.hasMorePages()) {
            done.completed(Status.OK);
            return;
        }
        rows.fetchNextPage().whenComplete((next, error) -> {
            if (error != null) {
                done.completed(statusOf(error));
            } else {
                scanPage(next, call, result, done);
            }
        });
    }

    private Status statusOf(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof DriverException e) {
            return failed(e);
        }
        // Not the driver's (a row it could not read, a bug): counted as an error, never thrown at the driver.
        return failed(new DriverExecutionException(cause));
    }
}
