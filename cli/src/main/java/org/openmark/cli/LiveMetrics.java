package org.openmark.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.openmark.api.Clock;
import org.openmark.metrics.MetricsAddress;
import org.openmark.metrics.MetricsEndpoint;
import org.openmark.metrics.MetricsSink;
import org.openmark.metrics.RunFacts;
import org.openmark.metrics.RunMetrics;
import org.openmark.output.IntervalSink;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Verdicts;

/**
 * A command's {@code --metrics} endpoint: bound when the command starts (a port in use is bad
 * input before anything is measured), fed by one sink per phase, told each phase's verdicts, and
 * closed after the results are written and {@code --metrics-linger} has passed. Without
 * {@code --metrics} it does nothing.
 */
final class LiveMetrics implements AutoCloseable {
    static final LiveMetrics NONE = new LiveMetrics(null, null, Duration.ZERO, null);

    private final RunMetrics metrics;
    private final MetricsEndpoint endpoint;
    private final Duration linger;
    private final Clock clock;

    private LiveMetrics(RunMetrics metrics, MetricsEndpoint endpoint, Duration linger, Clock clock) {
        this.metrics = metrics;
        this.endpoint = endpoint;
        this.linger = linger;
        this.clock = clock;
    }

    /** Starts the endpoint the options ask for (or none), saying where on {@code err}. */
    static LiveMetrics start(MetricsOptions options, PrintStream err, Clock clock) {
        Duration linger = options.linger();
        if (!options.requested()) {
            return NONE;
        }
        MetricsAddress address = MetricsAddress.parse("--metrics", options.address);
        RunMetrics metrics = new RunMetrics();
        MetricsEndpoint endpoint = MetricsEndpoint.start(address, metrics.registry());
        if (address.beyondLoopback()) {
            err.println("openmark: metrics: listening on " + address.address().getHostAddress()
                    + ", reachable from other machines (the endpoint has no authentication)");
        }
        err.println("openmark: metrics at " + endpoint.url());
        return new LiveMetrics(metrics, endpoint, linger, clock);
    }

    /** The metrics, or null without {@code --metrics}. */
    RunMetrics metrics() {
        return metrics;
    }

    /** The sinks a phase of {@code cfg} adds for live metrics: one, or none. */
    List<IntervalSink> sinks(String command, RunConfig cfg) {
        return metrics == null ? List.of() : List.of(new MetricsSink(metrics, RunFacts.of(command, cfg)));
    }

    /**
     * A cluster's run of {@code cfg} is about to start on {@code run}: the coordinator serves the
     * merged figures and each worker's.
     */
    void watch(String command, RunConfig cfg, org.openmark.cluster.ClusterRun run) {
        if (metrics != null) {
            metrics.phaseStarted(RunFacts.of(command, cfg));
            run.watch(new ClusterMetrics(metrics));
        }
    }

    /** {@code cfg}'s phase run by {@code command} in this process on {@code runner}, watched. */
    RunResult execute(String command, org.openmark.run.Runner runner, RunConfig cfg)
            throws InterruptedException, java.io.IOException {
        if (metrics == null) {
            return runner.execute(cfg);
        }
        RunResult r = runner.execute(cfg, new org.openmark.run.PhaseHooks(sinks(command, cfg), () -> { }));
        phaseEnded(r);
        return r;
    }

    /** What runs a rating's experiments with live metrics: here on {@code runner}, or on a cluster's session. */
    org.openmark.rating.ExperimentRunner experimentRunner(String command, org.openmark.run.Runner runner,
            org.openmark.cluster.ClusterSession session) {
        if (session != null) {
            if (metrics != null) {
                session.watch(new ClusterMetrics(metrics));
            }
            return (cfg, w, s) -> {
                if (metrics != null) {
                    metrics.phaseStarted(RunFacts.of(command, cfg));
                }
                RunResult r = session.run(cfg);
                phaseEnded(r);
                return r;
            };
        }
        if (metrics == null) {
            return null;
        }
        return (cfg, w, s) -> {
            RunResult r = runner.runOn(cfg, w, s, List.of(), List.of(),
                    new org.openmark.run.PhaseHooks(sinks(command, cfg), () -> { }));
            phaseEnded(r);
            return r;
        };
    }

    /**
     * {@code rows} run on a cluster's {@code session}, watched: the coordinator serves the merged
     * figures of each row and each worker's ({@code rows} itself without {@code --metrics}).
     */
    org.openmark.experiment.CoordinatedOmissionExperiment.RowRunner rows(String command,
            org.openmark.cluster.ClusterSession session,
            org.openmark.experiment.CoordinatedOmissionExperiment.RowRunner rows) {
        if (metrics == null) {
            return rows;
        }
        session.watch(new ClusterMetrics(metrics));
        return cfg -> {
            metrics.phaseStarted(RunFacts.of(command, cfg));
            RunResult r = rows.run(cfg);
            phaseEnded(r);
            return r;
        };
    }

    /** What watches a worker's own phases: a sink per phase and its result (none without --metrics). */
    org.openmark.cluster.worker.PhaseWatch workerWatch() {
        if (metrics == null) {
            return org.openmark.cluster.worker.PhaseWatch.NONE;
        }
        return new org.openmark.cluster.worker.PhaseWatch() {
            @Override
            public List<IntervalSink> sinks(RunConfig cfg) {
                return LiveMetrics.this.sinks("worker", cfg);
            }

            @Override
            public void ended(RunResult result) {
                phaseEnded(result);
            }
        };
    }

    /** What tells the endpoint when each {@code --event} starts and ends (Unix time from {@code clock}). */
    org.openmark.event.EventSchedule.Watcher events(Clock clock) {
        return new org.openmark.event.EventSchedule.Watcher() {
            @Override
            public void started(int number, org.openmark.event.EventSpec spec) {
                metrics.event(number, spec.command(), clock.currentTimeMillis() / 1000.0, false);
            }

            @Override
            public void ended(int number, org.openmark.event.EventSpec spec) {
                metrics.event(number, spec.command(), clock.currentTimeMillis() / 1000.0, true);
            }
        };
    }

    /** A phase ended with {@code result}: the report's verdicts replace the live ones. */
    void phaseEnded(RunResult result) {
        if (metrics == null) {
            return;
        }
        boolean generatorBlamed = result.warnings().stream().anyMatch(Verdicts::blamesTheGenerator);
        // An invalid run whose generator is not blamed was the store's (failures, stalls, no answer).
        boolean storeHolds = result.valid() || generatorBlamed;
        double scheduled = result.schedule() == null ? Double.NaN : result.schedule().scheduledRate();
        metrics.phaseEnded(!generatorBlamed, storeHolds, scheduled);
    }

    /** Keeps serving for {@code --metrics-linger} (a Ctrl-C ends it early), then stops. */
    @Override
    public void close() {
        if (endpoint == null) {
            return;
        }
        try {
            if (!linger.isZero()) {
                clock.parkUntil(clock.nanoTime() + linger.toNanos());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            endpoint.close();
        }
    }
}
