package org.openmark.cluster;

/**
 * A cluster run could not be carried out: workers did not join in time, a worker could not open
 * its store, the coordinator went away. The message says what happened and what to do; the
 * command exits with code 1.
 */
public final class ClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClusterException(String message) {
        super(message);
    }

    public ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
