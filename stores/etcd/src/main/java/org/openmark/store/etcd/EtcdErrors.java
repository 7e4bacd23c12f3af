package org.openmark.store.etcd;

import io.etcd.jetcd.common.exception.EtcdException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.openmark.api.Status;

/** Maps the client's failures to statuses: a binding reports store errors, it does not throw them. */
final class EtcdErrors {
    private EtcdErrors() {
    }

    /**
     * TIMEOUT when the call outlasted {@code etcd.timeout} or etcd's own deadline (a member that cannot reach a
     * leader answers that way); SERVICE_UNAVAILABLE when no member could be reached or the cluster has no leader
     * (UNAVAILABLE, a closed client); BAD_REQUEST for a request etcd refused as such (too large, invalid);
     * ERROR for anything else (a refused login included).
     */
    static Status statusOf(Throwable error) {
        Throwable cause = unwrap(error);
        if (cause instanceof TimeoutException) {
            return Status.TIMEOUT;
        }
        if (cause instanceof EtcdException e) {
            return switch (e.getErrorCode()) {
                case DEADLINE_EXCEEDED -> Status.TIMEOUT;
                case UNAVAILABLE, CANCELLED, ABORTED -> Status.SERVICE_UNAVAILABLE;
                case INVALID_ARGUMENT, OUT_OF_RANGE, RESOURCE_EXHAUSTED -> Status.BAD_REQUEST;
                default -> leaderless(e) ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
            };
        }
        return Status.ERROR;
    }

    /** etcd's own words for a cluster without a leader, sent with codes other than UNAVAILABLE by some versions. */
    private static boolean leaderless(EtcdException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("no leader") || message.contains("leader changed");
    }

    /** The client's reason, one line: the exception's simple name and message. */
    static String reason(Throwable error) {
        Throwable cause = unwrap(error);
        String message = cause.getMessage() == null ? "" : cause.getMessage().replaceAll("\\s+", " ").trim();
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        return cause.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }

    static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
