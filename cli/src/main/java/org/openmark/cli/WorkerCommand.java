package org.openmark.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.protocol.SharedSecret;
import org.openmark.cluster.worker.WorkerNode;
import org.openmark.config.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code openmark worker}: a load-generator process that joins a coordinator and does its share of a run. */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Join a coordinator (bin/openmark run --cluster HOST:PORT --workers N ...) and do a share of"
                + " its run: the coordinator sends the plan, this process runs it and streams its histograms back.",
            "Example: bin/openmark worker --join 127.0.0.1:25520"})
final class WorkerCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Option(names = "--join", required = true, paramLabel = "HOST:PORT", description = "The coordinator's address.")
    String join;

    @Option(names = "--bind", paramLabel = "HOST:PORT", description = "Where this worker listens (default:"
            + " loopback for a loopback coordinator, else the address that reaches it; any free port).")
    String bind;

    @Option(names = "--cluster-secret-file", paramLabel = "FILE", description = "The coordinator's shared secret.")
    Path secretFile;

    @Option(names = "--join-timeout", paramLabel = "DURATION", description = "Give up when not admitted within this"
            + " long (default 30s).")
    String joinTimeout;

    @Option(names = "--cluster-config", paramLabel = "FILE", description = "A Pekko configuration file that"
            + " overrides openmark's cluster settings (e.g. Artery TLS).")
    Path pekkoConfig;

    @Option(names = "--out", paramLabel = "DIR", description = "Where this worker keeps its own interval log of"
            + " each run (run-N/latency.hlog, in its own clock, to check the coordinator's merge against) and a"
            + " partial result if the coordinator is lost mid-run (default: no logs; a partial result goes to"
            + " ./openmark-worker-PID).")
    Path out;

    @Option(names = "--keep", description = "Serve one session after another until stopped (SIGINT/SIGTERM): after"
            + " a coordinator's session ends, join the next coordinator at --join, waiting for it as long as it"
            + " takes. Each session's files go to DIR/session-K/.")
    boolean keep;

    @picocli.CommandLine.Mixin
    MetricsOptions metricsOptions;

    @Override
    public Integer call() throws InterruptedException {
        HostPort joinAt = HostPort.parse("--join", join);
        HostPort bindAt = bind == null ? null : HostPort.parse("--bind", bind);
        byte[] secret = secretFile == null ? null : SharedSecret.read("--cluster-secret-file", secretFile);
        Duration timeout = joinTimeout == null ? Duration.ofSeconds(30) : Durations.parse("--join-timeout", joinTimeout);
        Path partial = out != null ? out : Path.of("openmark-worker-" + ProcessHandle.current().pid());
        // The worker's own hook stops its part and reports it to the coordinator; this one only
        // makes the process end with 130 for SIGTERM as for SIGINT once it has.
        java.util.concurrent.atomic.AtomicBoolean signalled = new java.util.concurrent.atomic.AtomicBoolean();
        // This worker's own figures (the coordinator serves the run's, merged): bound before it joins.
        try (LiveMetrics metrics = LiveMetrics.start(metricsOptions, parent.err, org.openmark.api.Clock.system());
                Interruption interruption = Interruption.stopping(parent.err, "stopping this worker's part, then"
                        + " reporting it", Duration.ofSeconds(50), () -> signalled.set(true))) {
            int code = WorkerNode.run(new WorkerNode.Options(joinAt, bindAt, secret, timeout, pekkoConfig, partial,
                    out, keep, metrics.workerWatch()), parent.err);
            return signalled.get() ? Main.EXIT_INTERRUPTED : code;
        }
    }
}
