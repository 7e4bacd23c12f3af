package org.openmark.consistency;

import java.time.Duration;
import java.util.List;
import org.openmark.config.ConfigException;
import org.openmark.load.Share;

/**
 * Parameters of a staleness measurement.
 *
 * @param writeRatePerSec writes per second (open model, constant arrivals)
 * @param writes how many writes
 * @param keys how many keys the writes rotate over (each key's writes are keys/rate apart)
 * @param probeOffsetsMs when, after a write's acknowledgement, readers read it (ascending ms)
 * @param table the table to write to
 * @param keyOffset the number of the first key ({@code stale<keyOffset>}): the processes of a
 *     cluster each write their own keys
 */
public record StalenessConfig(double writeRatePerSec, long writes, int keys, List<Double> probeOffsetsMs,
        String table, int keyOffset) {

    /** The probe schedule of the report: P(consistent read) is given at these offsets. */
    public static final List<Double> DEFAULT_PROBES_MS = List.of(0.0, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0,
            500.0, 1000.0);

    public StalenessConfig {
        if (!(writeRatePerSec > 0)) {
            throw ConfigException.of("--rate", String.valueOf(writeRatePerSec), "must be > 0 writes/s");
        }
        if (writes < 1) {
            throw ConfigException.of("--writes", String.valueOf(writes), "must be >= 1");
        }
        if (keys < 1) {
            throw ConfigException.of("--keys", String.valueOf(keys), "must be >= 1");
        }
        if (probeOffsetsMs.isEmpty()) {
            throw ConfigException.of("--probes", "", "needs at least one offset");
        }
        for (int i = 0; i < probeOffsetsMs.size(); i++) {
            double offset = probeOffsetsMs.get(i);
            // NaN compares false with everything: ask for what an offset is, not for what it is not
            if (!(Double.isFinite(offset) && offset >= 0) || (i > 0 && !(offset > probeOffsetsMs.get(i - 1)))) {
                throw ConfigException.of("--probes", probeOffsetsMs.toString(),
                        "offsets must be finite numbers of ms, >= 0 and strictly ascending");
            }
        }
        if (keyOffset < 0) {
            throw new IllegalArgumentException("keyOffset must be >= 0: " + keyOffset);
        }
        probeOffsetsMs = List.copyOf(probeOffsetsMs);
    }

    /** A measurement of the keys {@code stale0 … stale<keys-1>}. */
    public StalenessConfig(double writeRatePerSec, long writes, int keys, List<Double> probeOffsetsMs, String table) {
        this(writeRatePerSec, writes, keys, probeOffsetsMs, table, 0);
    }

    /**
     * One process's part of the measurement when {@code share.count()} processes run it together:
     * its part of the rate, of the writes and of the keys (its own keys, so no two processes write
     * one key and every probe checks a version its own writer wrote). The parts add up to the whole.
     */
    public StalenessConfig part(Share share) {
        if (share.whole()) {
            return this;
        }
        if (keys < share.count()) {
            throw ConfigException.of("--keys", String.valueOf(keys), "must be at least the number of workers ("
                    + share.count() + "), so that each writes keys of its own");
        }
        if (writes < share.count()) {
            throw ConfigException.of("--writes", String.valueOf(writes), "must be at least the number of workers ("
                    + share.count() + ")");
        }
        return new StalenessConfig(writeRatePerSec / share.count(), share.part(writes), (int) share.part(keys),
                probeOffsetsMs, table, keyOffset + (int) share.first(keys));
    }

    /** The name of key number {@code index} (0-based) of this measurement. */
    public String key(int index) {
        return "stale" + (keyOffset + index);
    }

    /** The last probe: a write not visible by then counts as never seen. */
    public Duration horizon() {
        return Duration.ofNanos(Math.round(probeOffsetsMs.get(probeOffsetsMs.size() - 1) * 1e6));
    }
}
