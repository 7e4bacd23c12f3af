package org.openmark.txn;

import java.util.SplittableRandom;

/**
 * Picks account numbers for the closed economy ({@code requestdistribution}). Immutable and
 * thread-safe: the randomness is the caller's seeded stream.
 */
interface AccountChooser {

    /** An account number in {@code [0, limit)}. */
    long next(SplittableRandom random, long limit);

    /** Every account equally likely. */
    static AccountChooser uniform() {
        return (random, limit) -> random.nextLong(limit);
    }
}
