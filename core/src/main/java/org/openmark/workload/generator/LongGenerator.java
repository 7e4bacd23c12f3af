package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * A source of whole numbers. Randomness always comes from the caller's stream, so one client's
 * choices all derive from its own seed; a generator never owns a hidden random source.
 * Each implementation states whether it may be shared between threads.
 */
public interface LongGenerator {

    /** The next value, drawn with {@code random} (generators that are not random ignore it). */
    long nextLong(SplittableRandom random);
}
