package org.openmark.store.sim.client;

import java.io.IOException;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.store.sim.session.SimSessionBase;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.protocol.FrameBuilder;
import org.openmark.store.sim.protocol.ProtocolException;

/**
 * A session on a simulated store server: sends the request, receives the server's computed
 * wait, and waits through the clock until its own send time + that wait. When the network
 * round trip alone is longer than the wait, the call returns as soon as the reply arrives.
 */
final class RemoteSession extends SimSessionBase {
    private final SimConnection connection;
    private final Clock clock;
    private final FrameBuilder frames;

    RemoteSession(SimConnection connection, Clock clock) {
        this.connection = connection;
        this.clock = clock;
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

    private volatile String lastFailure;

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
}
