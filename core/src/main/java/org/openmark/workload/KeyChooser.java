package org.openmark.workload;

import java.util.SplittableRandom;
import org.openmark.workload.generator.AcknowledgedCounterGenerator;
import org.openmark.workload.generator.LongGenerator;

/**
 * Picks the record number for a read, update, scan, delete or read-modify-write, never one past
 * the last acknowledged insert (a key whose insert may still be running). Draws beyond it are
 * redrawn, as in YCSB. For the exponential distribution the draw is a distance back from the newest
 * acknowledged record, and draws before record 0 are redrawn. One per client; not thread-safe.
 */
final class KeyChooser {
    private final LongGenerator generator;
    private final AcknowledgedCounterGenerator inserts;
    private final boolean distanceFromNewest;

    KeyChooser(LongGenerator generator, AcknowledgedCounterGenerator inserts, boolean distanceFromNewest) {
        this.generator = generator;
        this.inserts = inserts;
        this.distanceFromNewest = distanceFromNewest;
    }

    /** The next record number. */
    long next(SplittableRandom random) {
        long keyNumber;
        if (distanceFromNewest) {
            do {
                keyNumber = inserts.lastAcknowledged() - generator.nextLong(random);
            } while (keyNumber < 0);
        } else {
            do {
                keyNumber = generator.nextLong(random);
            } while (keyNumber > inserts.lastAcknowledged());
        }
        return keyNumber;
    }
}
