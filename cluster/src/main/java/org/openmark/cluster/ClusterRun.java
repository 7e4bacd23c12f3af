package org.openmark.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import org.openmark.api.Clock;
import org.openmark.timing.StopSignal;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;

/** One phase on a cluster: a {@link ClusterSession} that starts, runs it and closes. */
public final class ClusterRun {
    private final ClusterSession.Options options;
    private final ClusterSession session;

    public ClusterRun(ClusterSession.Options options, StopSignal stop, PrintStream err) {
        this(options, stop, err, Clock.system());
    }

    /** A run whose coordinator and local workers read time from {@code clock}. */
    public ClusterRun(ClusterSession.Options options, StopSignal stop, PrintStream err, Clock clock) {
        this.options = options;
        this.session = new ClusterSession(options, stop, err, clock);
    }

    /** The coordinator's address (host:port), once it listens. */
    public CompletableFuture<String> address() {
        return session.address();
    }

    /** {@code w} is told every merged interval and each worker's (live metrics). */
    public void watch(org.openmark.cluster.coordinator.MergedOutput w) {
        session.watch(w);
    }

    /** Runs the configured phase on the cluster and returns the merged result. */
    public RunResult execute(RunConfig cfg) throws InterruptedException, IOException {
        ClusterSession.check(cfg, options.workers());
        try (ClusterSession s = session) {
            s.start();
            return s.run(cfg);
        }
    }
}
