package org.openmark.store.sim.client;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * One request of a connection waiting for its reply, by request id: a caller parked until it
 * comes ({@link ParkedCall}), or a started request told of it on the reader thread
 * ({@link StartedCall}). The first outcome wins, the reply's or the connection's failure; a
 * later one is ignored.
 */
abstract class PendingCall {
    private static final VarHandle SETTLED;

    static {
        try {
            SETTLED = MethodHandles.lookup().findVarHandle(PendingCall.class, "settled", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long requestId;
    @SuppressWarnings("unused")
    private volatile boolean settled;

    PendingCall(long requestId) {
        this.requestId = requestId;
    }

    final long requestId() {
        return requestId;
    }

    /**
     * Delivers the reply's payload (without its length prefix; valid only during this call, on
     * the reader thread); false when the call already had an outcome.
     */
    final boolean complete(ByteBuffer replyPayload) {
        if (!SETTLED.compareAndSet(this, false, true)) {
            return false;
        }
        replied(replyPayload);
        return true;
    }

    /** Fails the call; false when it already had an outcome. */
    final boolean fail(IOException cause) {
        if (!SETTLED.compareAndSet(this, false, true)) {
            return false;
        }
        failed(cause);
        return true;
    }

    /** The reply came (once). */
    abstract void replied(ByteBuffer replyPayload);

    /** There will be no reply (once). */
    abstract void failed(IOException cause);
}
