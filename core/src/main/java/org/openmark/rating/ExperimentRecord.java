package org.openmark.rating;

import java.util.Objects;

/**
 * One experiment the search asked for, in order.
 *
 * @param sequence 1-based position among all requests
 * @param phase the search step that asked ({@code climb}, {@code golden}, {@code approximate})
 * @param result the answer (for a memo hit, the earlier experiment's answer)
 * @param memoHit true when the load level had already been run, so nothing ran
 * @param repeat true when this experiment repeats the one before it at the same load, which was
 *     invalid ({@link MemoizingExperimenter} repeats an invalid experiment once)
 */
public record ExperimentRecord(int sequence, String phase, ExperimentResult result, boolean memoHit, boolean repeat) {
    public ExperimentRecord {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(result, "result");
    }

    /** A record that is not a repeat. */
    public ExperimentRecord(int sequence, String phase, ExperimentResult result, boolean memoHit) {
        this(sequence, phase, result, memoHit, false);
    }
}
