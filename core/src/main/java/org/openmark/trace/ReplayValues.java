package org.openmark.trace;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The values a replay writes: {@code fields} fields named {@code prefix}0, 1, … whose lengths add up to
 * the recorded bytes (spread evenly, the first fields one byte longer when they do not divide), made
 * from the run's seed, so a replay against two stores writes the same bytes. One array per length is
 * shared: a store treats the values it is given as read-only. Used by one thread.
 */
final class ReplayValues {
    private final String prefix;
    private final long seed;
    private final Map<Integer, byte[]> byLength = new HashMap<>();

    ReplayValues(String prefix, long seed) {
        this.prefix = prefix;
        this.seed = seed;
    }

    Map<String, byte[]> values(int fields, long bytes) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        if (fields <= 0) {
            return m;
        }
        long each = bytes / fields;
        long rest = bytes % fields;
        for (int i = 0; i < fields; i++) {
            int length = (int) Math.min(Integer.MAX_VALUE - 8, each + (i < rest ? 1 : 0));
            m.put(prefix + i, byLength.computeIfAbsent(length, this::make));
        }
        return m;
    }

    private byte[] make(int length) {
        SplittableRandom r = new SplittableRandom(seed ^ (length * 0x9E3779B97F4A7C15L));
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (' ' + r.nextInt(95)); // printable ASCII, as YCSB's values
        }
        return b;
    }
}
