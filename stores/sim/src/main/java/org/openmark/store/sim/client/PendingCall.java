package org.openmark.store.sim.client;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One request waiting for its reply: the calling thread parks in {@link #await} until the
 * connection's reader {@link #complete completes} it with the reply's payload (still encoded:
 * the caller decodes it, so the one reader thread only cuts frames) or the connection
 * {@link #fail fails} it. The first outcome wins; a later one is ignored. (Lighter than a
 * {@code CompletableFuture}: one object, one field written once, no completion stack.)
 */
final class PendingCall {
    private static final VarHandle OUTCOME;

    static {
        try {
            OUTCOME = MethodHandles.lookup().findVarHandle(PendingCall.class, "outcome", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long requestId;
    private final Thread waiter;
    /** The reply's payload (a {@code byte[]}), an {@link IOException}, or null while waiting; written once. */
    @SuppressWarnings("unused")
    private volatile Object outcome;

    PendingCall(long requestId, Thread waiter) {
        this.requestId = requestId;
        this.waiter = waiter;
    }

    long requestId() {
        return requestId;
    }

    /** Delivers the reply's payload (without its length prefix); false when the call already had an outcome. */
    boolean complete(byte[] replyPayload) {
        return settle(replyPayload);
    }

    /** Fails the call; false when it already had an outcome. */
    boolean fail(IOException cause) {
        return settle(cause);
    }

    private boolean settle(Object result) {
        if (!OUTCOME.compareAndSet(this, null, result)) {
            return false;
        }
        LockSupport.unpark(waiter);
        return true;
    }

    /** Parks the waiter (the thread that created this call) until the outcome is known; returns the reply's payload. */
    byte[] await() throws IOException, InterruptedException {
        Object result;
        while ((result = outcome) == null) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for the simulated store's reply");
            }
            LockSupport.park(this);
        }
        if (result instanceof IOException e) {
            throw new IOException("connection to the simulated store is broken: " + e.getMessage(), e);
        }
        return (byte[]) result;
    }
}
