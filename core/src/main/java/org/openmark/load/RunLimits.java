package org.openmark.load;

import java.time.Duration;

/**
 * When a phase stops: after {@code operationCount} operations (0 = no limit) or after
 * {@code duration} (zero = no limit), whichever comes first; outstanding operations then get
 * {@code grace} to finish before they are counted as unfinished. A phase without a duration (the
 * load phase) also gives up after {@code stallTimeout} without any answer from the store (zero =
 * never), so a store that stopped answering cannot hold it forever.
 */
public record RunLimits(long operationCount, Duration duration, Duration grace, Duration stallTimeout) {

    public RunLimits {
        if (operationCount < 0) {
            throw new IllegalArgumentException("operationCount must be >= 0");
        }
        if (operationCount == 0 && duration.isZero()) {
            throw new IllegalArgumentException("a phase needs an operation count or a duration");
        }
    }

    /** Limits without a stall timeout. */
    public RunLimits(long operationCount, Duration duration, Duration grace) {
        this(operationCount, duration, grace, Duration.ZERO);
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
