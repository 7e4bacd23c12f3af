package org.openmark.workload;

import java.util.Map;
import java.util.SplittableRandom;
import org.openmark.workload.generator.LongGenerator;

/**
 * Builds the field values of inserts and updates for one client: values from the shared random
 * {@link ValuePool} with lengths from the field-length distribution, or, with data integrity on,
 * the {@link DeterministicValues} of key and field. Not thread-safe (uses the client's stream).
 */
final class RecordValues {
    private final FieldNames names;
    private final LongGenerator lengths;
    private final ValuePool pool;
    private final DeterministicValues integrity;
    private final SplittableRandom random;

    /** {@code integrity} null means random values. */
    RecordValues(FieldNames names, LongGenerator lengths, ValuePool pool, DeterministicValues integrity,
            SplittableRandom random) {
        this.names = names;
        this.lengths = lengths;
        this.pool = pool;
        this.integrity = integrity;
        this.random = random;
    }

    /** Values for every field of record {@code key}. */
    Map<String, byte[]> all(String key) {
        byte[][] values = new byte[names.count()][];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(key, i);
        }
        return new FieldMap(names, values);
    }

    /** A value for one uniformly chosen field of record {@code key}. */
    Map<String, byte[]> single(String key) {
        int field = random.nextInt(names.count());
        return Map.of(names.name(field), value(key, field));
    }

    private byte[] value(String key, int field) {
        if (integrity != null) {
            return integrity.value(key, names.name(field));
        }
        return pool.value(random, (int) lengths.nextLong(random));
    }
}
