package org.openmark.consistency;

import java.time.Duration;
import java.util.List;
import org.openmark.config.ConfigException;

/**
 * Parameters of a staleness measurement.
 *
 * @param writeRatePerSec writes per second (open model, constant arrivals)
 * @param writes how many writes
 * @param keys how many keys the writes rotate over (each key's writes are keys/rate apart)
 * @param probeOffsetsMs when, after a write's acknowledgement, readers read it (ascending ms)
 * @param table the table to write to
 */
public record StalenessConfig(double writeRatePerSec, long writes, int keys, List<Double> probeOffsetsMs,
        String table) {

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
            if (probeOffsetsMs.get(i) < 0 || (i > 0 && probeOffsetsMs.get(i) <= probeOffsetsMs.get(i - 1))) {
                throw ConfigException.of("--probes", probeOffsetsMs.toString(),
                        "offsets must be >= 0 ms and strictly ascending");
            }
        }
        probeOffsetsMs = List.copyOf(probeOffsetsMs);
    }

    /** The last probe: a write not visible by then counts as never seen. */
    public Duration horizon() {
        return Duration.ofNanos(Math.round(probeOffsetsMs.get(probeOffsetsMs.size() - 1) * 1e6));
    }
}
