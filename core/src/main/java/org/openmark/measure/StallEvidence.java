package org.openmark.measure;

import java.util.Arrays;
import org.openmark.api.Status;

/**
 * What one writer saw in one interval that locates stalls ({@link Stalls}): when the store
 * answered, as ranges of answers less than {@code stallAfter} apart, and the operations that took
 * {@code stallAfter} or longer or timed out, overlapping ones joined. In a healthy interval that is
 * one range and no wait: two comparisons per operation. Written by its writer only; the collector
 * takes a whole one, as it takes {@link SendLags}.
 */
final class StallEvidence {
    private final long afterNanos;
    /** {first, last} pairs. */
    private long[] answers = new long[4];
    private int answerRanges;
    /** {from, to, operations} triples. */
    private long[] waits = new long[6];
    private int waitCount;

    StallEvidence(long afterNanos) {
        this.afterNanos = afterNanos;
    }

    /** An operation (or inner call) that ran from {@code startNanos} to {@code endNanos} and ended with {@code status}. */
    void record(Status status, long startNanos, long endNanos) {
        boolean answer = status != Status.TIMEOUT;
        if (answer) {
            answered(endNanos, endNanos);
        }
        if (!answer || endNanos - startNanos >= afterNanos) {
            waited(startNanos, endNanos, 1);
        }
    }

    /** Answers at {@code first} and {@code last}, none {@code stallAfter} or more apart between. */
    void answered(long first, long last) {
        for (int i = 2 * (answerRanges - 1); i >= 0; i -= 2) {
            if (first - answers[i + 1] < afterNanos && answers[i] - last < afterNanos) {
                answers[i] = Math.min(answers[i], first);
                answers[i + 1] = Math.max(answers[i + 1], last);
                return;
            }
        }
        if (2 * answerRanges + 2 > answers.length) {
            answers = Arrays.copyOf(answers, answers.length * 2);
        }
        answers[2 * answerRanges] = first;
        answers[2 * answerRanges + 1] = last;
        answerRanges++;
    }

    /** {@code operations} operations in the store from {@code from} to {@code to}. */
    void waited(long from, long to, long operations) {
        for (int i = 3 * (waitCount - 1); i >= 0; i -= 3) {
            if (from <= waits[i + 1] && to >= waits[i]) {
                waits[i] = Math.min(waits[i], from);
                waits[i + 1] = Math.max(waits[i + 1], to);
                waits[i + 2] += operations;
                return;
            }
        }
        if (3 * waitCount + 3 > waits.length) {
            waits = Arrays.copyOf(waits, waits.length * 2);
        }
        waits[3 * waitCount] = from;
        waits[3 * waitCount + 1] = to;
        waits[3 * waitCount + 2] = operations;
        waitCount++;
    }

    /** Adds all of this to {@code other} (the collector gathers every writer's before it hands them on). */
    void addTo(StallEvidence other) {
        for (int i = 0; i < 2 * answerRanges; i += 2) {
            other.answered(answers[i], answers[i + 1]);
        }
        for (int i = 0; i < 3 * waitCount; i += 3) {
            other.waited(waits[i], waits[i + 1], waits[i + 2]);
        }
    }

    /** Hands all of this to {@code stalls}: the answers first, so that waits are joined knowing them. */
    void addTo(Stalls stalls) {
        for (int i = 0; i < 2 * answerRanges; i += 2) {
            stalls.answered(answers[i], answers[i + 1]);
        }
        for (int i = 0; i < 3 * waitCount; i += 3) {
            stalls.waited(waits[i], waits[i + 1], waits[i + 2]);
        }
    }

    void clear() {
        answerRanges = 0;
        waitCount = 0;
    }
}
