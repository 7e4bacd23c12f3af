package org.openmark.store.sim.client;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.openmark.api.Clock;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.ProtocolException;
import org.openmark.store.sim.session.SimSessionBase;

/**
 * A session on a simulated store server: sends the request, receives the server's computed
 * wait, and waits through the clock until its own send time + that wait. When the network
 * round trip alone is longer than the wait, the call returns as soon as the reply arrives.
 *
 * <p>As a {@link PipelinedSession} it also starts requests without waiting: the frame is queued
 * on the connection (sent with the next ones, at the latest on {@link #flush}), the reply is
 * decoded on the connection's reader thread, and its completion is told at the same simulated
 * time a blocking call would return ({@link DelayedReplies} holds a reply that came early).
 */
final class RemoteSession extends SimSessionBase implements PipelinedSession {
    private final SimConnection connection;
    private final Clock clock;
    private final DelayedReplies delays;
    private final FrameBuilder frames;
    private volatile String lastFailure;

    RemoteSession(SimConnection connection, Clock clock, DelayedReplies delays) {
        this.connection = connection;
        this.clock = clock;
        this.delays = delays;
        this.frames = new FrameBuilder(connection.maxFrameBytes());
    }

    /**
     * A stats request: it answers like any request but leaves the simulated timeline alone (no
     * queue, no random draw, no epoch), so checking the server does not change what it measures.
     */
    @Override
    public Status ping(String table) {
        try {
            return connection.call(new SimRequest.Stats(), frames) instanceof SimReply.StatsReply ? Status.OK
                    : Status.ERROR;
        } catch (ProtocolException e) {
            return Status.BAD_REQUEST;
        } catch (IOException e) {
            lastFailure = e.getMessage();
            return Status.SERVICE_UNAVAILABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.ERROR;
        }
    }

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    @Override
    protected SimReply.OpReply call(SimRequest request) {
        long sentNanos = clock.nanoTime();
        SimReply reply;
        try {
            reply = connection.call(request, frames);
        } catch (ProtocolException tooLarge) {
            return failed(Status.BAD_REQUEST);
        } catch (IOException e) {
            lastFailure = e.getMessage();
            return failed(Status.SERVICE_UNAVAILABLE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(Status.ERROR);
        }
        return switch (reply) {
            case SimReply.OpReply op -> waitFor(op, sentNanos);
            // The request was served but its answer did not fit (RESULT_TOO_LARGE), or the server failed.
            case SimReply.ErrorReply e -> failed(Status.ERROR);
            case SimReply.StatsReply s -> failed(Status.ERROR);
        };
    }

    private SimReply.OpReply waitFor(SimReply.OpReply op, long sentNanos) {
        try {
            clock.parkUntil(sentNanos + op.waitNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(Status.ERROR);
        }
        return op;
    }

    @Override
    public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result,
            Completion done) {
        start(readRequest(table, key, fields, result), done, reply -> readInto(reply, result));
    }

    @Override
    public void startScan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result,
            Completion done) {
        start(scanRequest(table, startKey, recordCount, fields, result), done, reply -> scanInto(reply, result));
    }

    @Override
    public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
        start(updateRequest(table, key, values), done, SimReply.OpReply::status);
    }

    @Override
    public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
        start(insertRequest(table, key, values), done, SimReply.OpReply::status);
    }

    @Override
    public void startDelete(String table, String key, Completion done) {
        start(deleteRequest(table, key), done, SimReply.OpReply::status);
    }

    @Override
    public void flush() {
        connection.flush();
    }

    /**
     * Starts {@code request} (null: malformed arguments, BAD_REQUEST at once); {@code done} is told
     * what {@code answer} makes of its reply at its simulated time, or the status of a failure.
     */
    private void start(SimRequest request, Completion done, Function<SimReply.OpReply, Status> answer) {
        if (request == null) {
            done.completed(Status.BAD_REQUEST);
            return;
        }
        long sentNanos = clock.nanoTime();
        try {
            connection.start(request, frames, new StartedCall.Replies() {
                @Override
                public void replied(SimReply reply) {
                    switch (reply) {
                        case SimReply.OpReply op -> delays.at(sentNanos + op.waitNanos(),
                                () -> done.completed(answer.apply(op)));
                        // Served but its answer did not fit (RESULT_TOO_LARGE), or the server failed.
                        case SimReply.ErrorReply e -> done.completed(Status.ERROR);
                        case SimReply.StatsReply s -> done.completed(Status.ERROR);
                    }
                }

                @Override
                public void failed(IOException cause) {
                    lastFailure = cause.getMessage();
                    done.completed(Status.SERVICE_UNAVAILABLE);
                }
            });
        } catch (ProtocolException tooLarge) {
            done.completed(Status.BAD_REQUEST);
        }
    }
}
