package org.openmark.store.sim.client;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The calls of one connection that wait for a reply, by request id. A call stays here until
 * its reply arrives (or the connection fails), even when its caller gave up waiting, so a reply
 * whose id is not here is one the server never owed: a protocol violation.
 *
 * <p>No call is stranded by a failure: {@link #register} writes the call and then reads the
 * failure; {@link #failAll} writes the failure and then reads the calls. Both are volatile (the
 * map's writes and reads are too), so one of the two sees the other.
 */
final class PendingCalls {
    private final Map<Long, PendingCall> byId = new ConcurrentHashMap<>();
    private volatile IOException failure;

    /** Adds a call; throws (and keeps nothing) when the connection has already failed. */
    void register(PendingCall call) throws IOException {
        byId.put(call.requestId(), call);
        IOException failed = failure;
        if (failed != null) {
            byId.remove(call.requestId());
            throw new IOException("connection to the simulated store is broken: " + failed.getMessage(), failed);
        }
    }

    /** Removes and returns the call waiting for {@code requestId}, or null when none waits. */
    PendingCall take(long requestId) {
        return byId.remove(requestId);
    }

    /** Fails every waiting call and every later {@link #register}; the first failure is kept. */
    void failAll(IOException cause) {
        synchronized (this) {
            if (failure == null) {
                failure = cause;
            }
        }
        IOException kept = failure;
        for (PendingCall call : byId.values()) {
            if (byId.remove(call.requestId(), call)) {
                call.fail(kept);
            }
        }
    }

    /** The failure, or null while the connection works. */
    IOException failure() {
        return failure;
    }

    /** Calls waiting now (for tests and monitoring). */
    int size() {
        return byId.size();
    }
}
