package org.openmark.rating;

import java.util.Objects;

/**
 * One experiment the search asked for, in order.
 *
 * @param sequence 1-based position among all requests
 * @param phase the search step that asked ({@code climb}, {@code golden}, {@code approximate})
 * @param result the answer (for a memo hit, the earlier experiment's answer)
 * @param memoHit true when the load level had already been run, so nothing ran
 */
public record ExperimentRecord(int sequence, String phase, ExperimentResult result, boolean memoHit) {
    public ExperimentRecord {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(result, "result");
    }
}
