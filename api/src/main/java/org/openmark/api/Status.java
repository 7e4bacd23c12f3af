package org.openmark.api;

/**
 * The outcome of one store call. A binding returns a status for every ordinary store error
 * instead of throwing; the harness counts statuses per operation.
 */
public enum Status {
    OK,
    NOT_FOUND,
    ERROR,
    TIMEOUT,
    BAD_REQUEST,
    UNEXPECTED_STATE,
    NOT_IMPLEMENTED,
    SERVICE_UNAVAILABLE,
    /** A transaction was aborted by the store (conflict, serialization failure, deadlock). */
    ABORTED;

    /** True for {@link #OK} only. */
    public boolean isOk() {
        return this == OK;
    }
}
