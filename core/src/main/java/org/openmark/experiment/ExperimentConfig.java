package org.openmark.experiment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openmark.config.ConfigException;

/**
 * Parameters of the coordinated-omission experiment. Defaults reproduce the paper's setup:
 * 1000 ops/s, 90,000 operations, λmax 1250 ops/s, one 1 s hiccup after 30 s, closed model with
 * 1, 4, 16, 64, 128 and 256 threads. {@link #quick} scales it to about 20 s of simulated load.
 *
 * @param clientLatency the simulated store's per-request latency (its distribution syntax)
 * @param virtualTime run in virtual time (exact and fast) instead of real time
 */
public record ExperimentConfig(double rate, long ops, double maxThroughput, Duration hiccupAt, Duration hiccup,
        List<Integer> threads, String clientLatency, String arrival, boolean virtualTime, Path out, long seed) {

    public ExperimentConfig {
        if (!(rate > 0)) {
            throw ConfigException.of("--rate", String.valueOf(rate), "must be > 0 ops/s");
        }
        if (ops < 1) {
            throw ConfigException.of("--ops", String.valueOf(ops), "must be >= 1");
        }
        if (!(maxThroughput > rate)) {
            throw ConfigException.of("--max-throughput", String.valueOf(maxThroughput),
                    "must be above --rate (" + rate + "), or the backlog never drains");
        }
        for (int t : threads) {
            if (t < 1) {
                throw ConfigException.of("--threads", threads.toString(), "every thread count must be >= 1");
            }
        }
        threads = List.copyOf(threads);
    }

    /** The paper's parameters. */
    public static ExperimentConfig paper(Path out, long seed, boolean virtualTime) {
        return new ExperimentConfig(1000, 90_000, 1250, Duration.ofSeconds(30), Duration.ofSeconds(1),
                List.of(1, 4, 16, 64, 128, 256), "0ms", "constant", virtualTime, out, seed);
    }

    /** About 20 s of simulated load: 20,000 operations, the hiccup after 6 s. */
    public static ExperimentConfig quick(Path out, long seed, boolean virtualTime) {
        return new ExperimentConfig(1000, 20_000, 1250, Duration.ofSeconds(6), Duration.ofSeconds(1),
                List.of(1, 4, 16, 64), "0ms", "constant", virtualTime, out, seed);
    }
}
