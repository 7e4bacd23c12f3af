package org.openmark.cluster.worker;

import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.JoinSeedNodes;
import org.openmark.api.Clock;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.Nodes;
import org.openmark.cluster.protocol.WorkerCommand;
import org.openmark.config.ConfigException;

/**
 * A load-generator process of a cluster run ({@code bin/openmark worker --join HOST:PORT}): joins
 * the coordinator's cluster, does the share of the run it is given, and exits.
 */
public final class WorkerNode {

    /**
     * @param join the coordinator's address
     * @param bind where this worker listens (null: loopback when the coordinator is on loopback,
     *     else the address this machine reaches the coordinator from; any free port)
     * @param secret the shared secret, or null
     * @param pekkoConfig a Pekko configuration file that overrides openmark's, or null
     * @param partialDir where a partial result goes when the coordinator is lost
     * @param ownLogs where the worker keeps its own interval log of each run ({@code run-N/latency.hlog},
     *     in its own clock), or null for none
     */
    public record Options(HostPort join, HostPort bind, byte[] secret, Duration joinTimeout, Path pekkoConfig,
            Path partialDir, Path ownLogs) {
    }

    /** How long Ctrl-C on a worker waits for it to stop and report before the process ends. */
    private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(40);

    private WorkerNode() {
    }

    /** Runs the worker until its part is done; returns the exit code (0 done, 1 failed or lost, 2 refused). */
    public static int run(Options o, PrintStream err) throws InterruptedException {
        return run(o, err, Clock.system());
    }

    /** As {@link #run(Options, PrintStream)}, every run of the worker reading time from {@code clock}. */
    public static int run(Options o, PrintStream err, Clock clock) throws InterruptedException {
        HostPort bind = o.bind() != null ? o.bind() : defaultBind(o.join());
        if (!bind.loopback() && o.secret() == null) {
            throw ConfigException.of("--bind", bind.toString(), "is not a loopback address: a worker reachable from"
                    + " other machines needs --cluster-secret-file (the coordinator's secret)");
        }
        WorkerJob job = new WorkerJob(o.joinTimeout(), o.partialDir(), o.ownLogs(), err, clock);
        ActorSystem<WorkerCommand> system = Nodes.start(WorkerActor.create(job.link(), o.secret()), bind,
                o.pekkoConfig());
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        // Ctrl-C: stop issuing, then let the job report (and the node leave) before the JVM ends.
        Thread hook = new Thread(() -> {
            job.interrupt();
            try {
                ended.await(INTERRUPT_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "openmark-worker-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            Address seed = new Address("pekko", system.name(), o.join().host(), o.join().port());
            Cluster.get(system).manager().tell(new JoinSeedNodes(List.of(seed)));
            err.println("openmark worker: listening at " + Nodes.address(system) + ", joining the coordinator at "
                    + o.join());
            return job.run(o.join().toString());
        } finally {
            Nodes.stop(system, Duration.ofSeconds(10), !job.coordinatorGone());
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Shutting down already.
            }
        }
    }

    /** Loopback for a loopback coordinator; otherwise the local address that routes to it. */
    static HostPort defaultBind(HostPort join) {
        if (join.loopback()) {
            return new HostPort("127.0.0.1", 0);
        }
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(join.host(), join.port()));
            return new HostPort(probe.getLocalAddress().getHostAddress(), 0);
        } catch (Exception e) {
            throw ConfigException.of("--join", join.toString(), "cannot be routed to from this machine ("
                    + e.getMessage() + "); give --bind HOST:PORT");
        }
    }
}
