package org.openmark.cli;

import java.time.Duration;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import picocli.CommandLine.Option;

/** {@code --metrics} and {@code --metrics-linger}: the options of every command that measures. */
final class MetricsOptions {
    /** How long the endpoint stays up after the results are written, unless told (none). */
    static final Duration DEFAULT_LINGER = Duration.ZERO;

    @Option(names = "--metrics", paramLabel = "HOST:PORT", description = "Serve live metrics for Prometheus at"
            + " http://HOST:PORT/metrics while the command runs (loopback unless another address of this machine is"
            + " given; port 0 picks a free port and prints it). See docs/metrics.md.")
    String address;

    @Option(names = "--metrics-linger", paramLabel = "DURATION", description = "Keep the metrics endpoint up this"
            + " long after the results are written, so the last scrape sees the final counts, e.g. 30s (default: none).")
    String linger;

    /** True when {@code --metrics} was given. */
    boolean requested() {
        return address != null;
    }

    /** The linger time; {@code --metrics-linger} without {@code --metrics} is bad input. */
    Duration linger() {
        if (linger == null) {
            return DEFAULT_LINGER;
        }
        if (address == null) {
            throw ConfigException.of("--metrics-linger", linger, "needs --metrics HOST:PORT (there is no endpoint"
                    + " to keep up)");
        }
        Duration d = Durations.parse("--metrics-linger", linger);
        if (d.isNegative()) {
            throw ConfigException.of("--metrics-linger", linger, "must be >= 0");
        }
        return d;
    }
}
