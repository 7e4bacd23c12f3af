package org.openmark.load;

import java.time.Duration;

/**
 * When a phase stops: after {@code operationCount} operations (0 = no limit) or after
 * {@code duration} (zero = no limit), whichever comes first; outstanding operations then get
 * {@code grace} to finish before they are counted as unfinished.
 */
public record RunLimits(long operationCount, Duration duration, Duration grace) {

    public RunLimits {
        if (operationCount < 0) {
            throw new IllegalArgumentException("operationCount must be >= 0");
        }
        if (operationCount == 0 && duration.isZero()) {
            throw new IllegalArgumentException("a phase needs an operation count or a duration");
        }
    }

    /** Operations allowed, or {@link Long#MAX_VALUE} when unlimited. */
    public long operationBudget() {
        return operationCount == 0 ? Long.MAX_VALUE : operationCount;
    }

    /** The phase's end in clock nanos given its start, or {@link Long#MAX_VALUE}. */
    public long deadlineNanos(long startNanos) {
        return duration.isZero() ? Long.MAX_VALUE : startNanos + duration.toNanos();
    }
}
