package org.openmark.trace;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a trace says of the run that wrote it, at its start: the format's version, openmark's, and
 * the run's configuration (secrets masked), so a trace found later still says what made it.
 *
 * @param formatVersion {@link TraceFormat#VERSION} when written
 * @param openmarkVersion the version of openmark that wrote it
 * @param phase {@code run} or {@code load}
 * @param store the store's name
 * @param seed the run's seed
 * @param time {@code real} or {@code virtual}
 * @param config the run's properties, secrets masked
 */
public record TraceHeader(int formatVersion, String openmarkVersion, String phase, String store, long seed,
        String time, Map<String, String> config) {
    /** The format version this openmark writes. */
    public static final int FORMAT_VERSION = TraceFormat.VERSION;

    public TraceHeader {
        config = java.util.Collections.unmodifiableMap(new TreeMap<>(config));
    }
}
