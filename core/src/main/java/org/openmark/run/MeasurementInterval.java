package org.openmark.run;

import java.util.Locale;
import org.openmark.config.ConfigException;

/**
 * YCSB's {@code measurement.interval}: which latencies of the closed model the text report prints.
 * {@code op} is YCSB's latency from each operation's actual start ({@code [READ]}), {@code intended}
 * the latency from its intended start only ({@code [Intended-READ]}), {@code both} the two. The open
 * model's report always has both of its own ({@code [READ]} from the intended start,
 * {@code [SERVICE-READ]} from the actual one).
 */
public enum MeasurementInterval {
    /** Only the latency from the actual start (YCSB's default). */
    OP,
    /** Only the latency from the intended start. */
    INTENDED,
    /** Both. */
    BOTH;

    /** The value as YCSB writes it. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when the latency from the actual start is printed. */
    public boolean printsActual() {
        return this != INTENDED;
    }

    /** True when the latency from the intended start is printed. */
    public boolean printsIntended() {
        return this != OP;
    }

    /** {@code text} as YCSB reads it (any case); errors name the property. */
    public static MeasurementInterval parse(String text) {
        for (MeasurementInterval m : values()) {
            if (m.word().equalsIgnoreCase(text.strip())) {
                return m;
            }
        }
        throw ConfigException.of(RunProperties.MEASUREMENT_INTERVAL, text, "must be op (the latency from each"
                + " operation's actual start, YCSB's default), intended (from its intended start) or both");
    }
}
