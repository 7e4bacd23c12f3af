package org.openmark.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.openmark.cluster.ClusterSession;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.LocalWorkers;
import org.openmark.cluster.coordinator.OnWorkerLoss;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import picocli.CommandLine.Option;

/**
 * The options that spread a command over several load-generator processes (Apache Pekko
 * Cluster): this process becomes the coordinator, workers join it ({@code bin/openmark worker}),
 * or it starts them itself on loopback ({@code --local-workers N}).
 */
final class ClusterOptions {
    @Option(names = "--cluster", paramLabel = "HOST:PORT", description = "Coordinate a run over several worker"
            + " processes: listen here (loopback unless --cluster-secret-file is given) and wait for --workers.")
    String cluster;

    @Option(names = "--workers", paramLabel = "N", description = "With --cluster: how many workers the run needs.")
    Integer workers;

    @Option(names = "--local-workers", paramLabel = "N", description = "Start N worker JVMs on loopback and run"
            + " over them (try the cluster on one machine; they are stopped afterwards).")
    Integer localWorkers;

    @Option(names = "--cluster-secret-file", paramLabel = "FILE", description = "The shared secret workers must prove"
            + " to join (at least 16 characters); required when listening on a non-loopback address.")
    Path secretFile;

    @Option(names = "--on-worker-loss", paramLabel = "continue|abort", description = "A worker lost mid-run:"
            + " finish with the others (continue, default) or stop the run (abort). Either way the run is invalid.")
    String onWorkerLoss;

    @Option(names = "--join-timeout", paramLabel = "DURATION", description = "How long to wait for the workers"
            + " to join (default 60s).")
    String joinTimeout;

    @Option(names = "--cluster-config", paramLabel = "FILE", description = "A Pekko configuration file that"
            + " overrides openmark's cluster settings (Artery TLS, the failure detector); --local-workers get it too.")
    Path pekkoConfig;

    @Option(names = "--max-clock-offset", paramLabel = "DURATION", description = "Warn when a worker's clock is"
            + " further than this from the coordinator's (default 5ms).")
    String maxClockOffset;

    /** True when any option asks for a cluster run. */
    boolean requested() {
        return cluster != null || workers != null || localWorkers != null;
    }

    /** The resolved options; bad values name their flag. */
    ClusterSession.Options resolve() {
        int count;
        HostPort bind;
        int local = 0;
        if (localWorkers != null) {
            if (cluster != null) {
                throw ConfigException.of("--local-workers", String.valueOf(localWorkers),
                        "starts its own coordinator on loopback: leave out --cluster");
            }
            if (workers != null && !workers.equals(localWorkers)) {
                throw ConfigException.of("--workers", String.valueOf(workers),
                        "must equal --local-workers (" + localWorkers + ") or be left out");
            }
            count = localWorkers;
            local = localWorkers;
            bind = new HostPort("127.0.0.1", 0);
        } else {
            if (cluster == null) {
                throw ConfigException.of("--workers", String.valueOf(workers),
                        "needs --cluster HOST:PORT (or use --local-workers N)");
            }
            if (workers == null) {
                throw ConfigException.of("--cluster", cluster, "needs --workers N: how many workers to wait for");
            }
            count = workers;
            bind = HostPort.parse("--cluster", cluster);
        }
        if (count < 1) {
            throw ConfigException.of(localWorkers != null ? "--local-workers" : "--workers", String.valueOf(count),
                    "must be >= 1");
        }
        byte[] secret = secretFile == null ? null : SharedSecret.read("--cluster-secret-file", secretFile);
        OnWorkerLoss loss = OnWorkerLoss.CONTINUE;
        if (onWorkerLoss != null) {
            try {
                loss = OnWorkerLoss.valueOf(onWorkerLoss.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw ConfigException.of("--on-worker-loss", onWorkerLoss, "must be continue or abort");
            }
        }
        Duration join = joinTimeout == null ? Duration.ofSeconds(60) : Durations.parse("--join-timeout", joinTimeout);
        Duration offset = maxClockOffset == null ? Duration.ofMillis(5)
                : Durations.parse("--max-clock-offset", maxClockOffset);
        return new ClusterSession.Options(bind, count, secret, loss, join, pekkoConfig, offset, local,
                LocalWorkers.sameJvm(Main.class.getName(), secretFile));
    }
}
