package org.openmark.txn;

import org.openmark.api.Status;

/**
 * When a unit of work that ended without a commit is run again, and how long to wait first.
 * Only units the store aborted ({@link Status#ABORTED}: a conflict, a serialization failure, a
 * deadlock) are retried; any other failure (NOT_FOUND, ERROR, TIMEOUT) is final, because its
 * effect is either permanent or unknown and running it again could apply it twice.
 *
 * <p>The wait before retry k (1-based) is {@code min(backoffMs · 2^(k−1), maxBackoffMs)}, without
 * jitter, so a run replays exactly.
 *
 * @param maxRetries how many times a unit may be run again after its first attempt (&gt;= 0)
 * @param backoffMs wait before the first retry (&gt;= 0)
 * @param maxBackoffMs cap of the doubling waits (&gt;= backoffMs)
 */
public record RetryPolicy(int maxRetries, long backoffMs, long maxBackoffMs) {

    /** No retries. */
    public static final RetryPolicy NONE = new RetryPolicy(0, 0, 0);

    public RetryPolicy {
        if (maxRetries < 0 || backoffMs < 0 || maxBackoffMs < backoffMs) {
            throw new IllegalArgumentException("retry policy needs maxRetries >= 0, 0 <= backoffMs <= maxBackoffMs: "
                    + maxRetries + ", " + backoffMs + ", " + maxBackoffMs);
        }
    }

    /**
     * True when a unit is run again whose attempt number {@code retriesSoFar + 1} was ended by a
     * call (an inner call or the commit) that returned {@code cause}.
     */
    public boolean retries(Status cause, int retriesSoFar) {
        return cause == Status.ABORTED && retriesSoFar < maxRetries;
    }

    /** The wait before retry {@code retryNumber} (1-based), in nanoseconds. */
    public long backoffNanos(int retryNumber) {
        if (backoffMs == 0 || retryNumber < 1) {
            return 0;
        }
        long ms = backoffMs;
        for (int i = 1; i < retryNumber && ms < maxBackoffMs; i++) {
            ms *= 2;
        }
        return Math.min(ms, maxBackoffMs) * 1_000_000L;
    }
}
