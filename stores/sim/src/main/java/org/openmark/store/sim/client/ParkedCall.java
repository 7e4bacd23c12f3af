package org.openmark.store.sim.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;

/**
 * A call whose thread parks in {@link #await} until the connection's reader completes it with
 * the reply's payload (copied, still encoded: the caller decodes it, so the one reader thread
 * only cuts frames) or the connection fails it. (Lighter than a {@code CompletableFuture}: one
 * object, one field written once, no completion stack.)
 */
final class ParkedCall extends PendingCall {
    private final Thread waiter;
    /** The reply's payload (a {@code byte[]}), an {@link IOException}, or null while waiting; written once. */
    private volatile Object outcome;

    ParkedCall(long requestId, Thread waiter) {
        super(requestId);
        this.waiter = waiter;
    }

    @Override
    void replied(ByteBuffer replyPayload) {
        byte[] bytes = new byte[replyPayload.remaining()];
        replyPayload.get(bytes);
        outcome = bytes;
        LockSupport.unpark(waiter);
    }

    @Override
    void failed(IOException cause) {
        outcome = cause;
        LockSupport.unpark(waiter);
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
