package org.openmark.cluster.worker;

import java.io.PrintStream;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.JoinSeedNodes;
import org.openmark.api.Clock;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.Nodes;
import org.openmark.cluster.worker.WorkerSetup.SessionEnd;
import org.openmark.config.ConfigException;

/**
 * A load-generator process of a cluster run ({@code bin/openmark worker --join HOST:PORT}): joins
 * the coordinator's cluster, does the share of the run it is given, and exits (or, with
 * {@code --keep}, joins the next coordinator at the address, until stopped).
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
     * @param keep serve one session after another until stopped (each session's files then go to
     *     {@code session-K/} under {@code partialDir} and {@code ownLogs})
     * @param watch what watches each phase live (the worker's --metrics)
     */
    public record Options(HostPort join, HostPort bind, byte[] secret, Duration joinTimeout, Path pekkoConfig,
            Path partialDir, Path ownLogs, boolean keep, PhaseWatch watch) {

        /** A worker that serves one session, not watched live. */
        public Options(HostPort join, HostPort bind, byte[] secret, Duration joinTimeout, Path pekkoConfig,
                Path partialDir, Path ownLogs) {
            this(join, bind, secret, joinTimeout, pekkoConfig, partialDir, ownLogs, false, PhaseWatch.NONE);
        }

        /** A worker not watched live. */
        public Options(HostPort join, HostPort bind, byte[] secret, Duration joinTimeout, Path pekkoConfig,
                Path partialDir, Path ownLogs, boolean keep) {
            this(join, bind, secret, joinTimeout, pekkoConfig, partialDir, ownLogs, keep, PhaseWatch.NONE);
        }
    }

    /** How long Ctrl-C on a worker waits for it to stop and report before the process ends. */
    private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(40);
    /** How long a kept worker waits before it tries again after a coordinator refused it. */
    private static final Duration AFTER_REFUSAL = Duration.ofSeconds(5);
    /** How long a kept worker waits before a fresh node joins, after it met the last session's coordinator again. */
    private static final Duration AFTER_ENDED = Duration.ofSeconds(1);
    /**
     * A worker's node, downed (cut off from its coordinator), does not end itself: its session's actor
     * stops the run under way, waits for it and keeps its partial result, then the session stops the
     * node. Pekko's own shutdown on being downed would stop the actor first, and the partial result
     * would be lost with it.
     */
    private static final Config WORKER_NODE = ConfigFactory.parseString(
            "pekko.cluster.run-coordinated-shutdown-when-down = off");
    /** Why a worker stopped on its own, as the coordinator's report says it. */
    private static final String INTERRUPTED = "interrupted on its machine (SIGINT or SIGTERM)";

    private WorkerNode() {
    }

    /** Runs the worker until its part is done; returns the exit code (0 done, 1 failed or lost, 2 refused). */
    public static int run(Options o, PrintStream err) throws InterruptedException {
        return run(o, err, Clock.system());
    }

    /**
     * As {@link #run(Options, PrintStream)}, every run of the worker reading time from {@code clock}.
     * A kept worker ({@link Options#keep}) joins the coordinator's address again after each session
     * (a node that left a cluster cannot join another, so each session has a node of its own), waits
     * for the next coordinator there as long as it takes, and ends only when stopped: it then returns
     * the last session's code.
     */
    public static int run(Options o, PrintStream err, Clock clock) throws InterruptedException {
        HostPort bind = o.bind() != null ? o.bind() : defaultBind(o.join());
        if (!bind.loopback() && o.secret() == null) {
            throw ConfigException.of("--bind", bind.toString(), "is not a loopback address: a worker reachable from"
                    + " other machines needs --cluster-secret-file (the coordinator's secret)");
        }
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicReference<ActorSystem<WorkerActor.Command>> current = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        // Ctrl-C: stop issuing, then let the session report (and the node leave) before the JVM ends.
        Thread hook = new Thread(() -> {
            stopped.set(true);
            ActorSystem<WorkerActor.Command> session = current.get();
            if (session != null) {
                session.tell(new WorkerActor.StopHere(INTERRUPTED));
            }
            try {
                ended.await(INTERRUPT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "openmark-worker-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (!o.keep()) {
                return session(o, bind, o.partialDir(), o.ownLogs(), Set.of(), current, stopped, err, clock).code();
            }
            int code = 0;
            Set<Long> served = new HashSet<>();
            for (int n = 1; !stopped.get(); ) {
                String dir = "session-" + n;
                SessionEnd end = session(o, bind, o.partialDir().resolve(dir),
                        o.ownLogs() == null ? null : o.ownLogs().resolve(dir), served, current, stopped, err, clock);
                if (stopped.get()) {
                    code = end.code();
                    break;
                }
                if (end.joinedEnded()) {
                    // Not a session: the last coordinator was still winding down. A fresh node joins the next.
                    clock.parkUntil(clock.nanoTime() + AFTER_ENDED.toNanos());
                    continue;
                }
                code = end.code();
                if (end.coordinatorUid() != 0) {
                    served.add(end.coordinatorUid());
                }
                err.println("openmark worker: session " + n + " ended (exit code " + code + "); --keep: waiting for"
                        + " the next coordinator at " + o.join());
                if (code == 2) {
                    clock.parkUntil(clock.nanoTime() + AFTER_REFUSAL.toNanos());
                }
                n++;
            }
            return code;
        } finally {
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // Shutting down already.
            }
        }
    }

    /**
     * One session: a node of its own joins the coordinator, and its actor does the worker's part of
     * every run ({@link WorkerActor}). {@code served} are the system uids of the coordinators of
     * earlier sessions: the node met one of them again (it was still leaving when the node joined its
     * address) ends the session at once.
     */
    private static SessionEnd session(Options o, HostPort bind, Path partialDir, Path ownLogs, Set<Long> served,
            AtomicReference<ActorSystem<WorkerActor.Command>> current, AtomicBoolean stopped, PrintStream err,
            Clock clock) throws InterruptedException {
        // A kept worker waits for its next coordinator as long as it takes (a day of runs has gaps).
        CompletableFuture<SessionEnd> ended = new CompletableFuture<>();
        WorkerSetup setup = new WorkerSetup(o.secret(), o.join(), o.keep() ? null : o.joinTimeout(), served,
                partialDir, ownLogs, o.watch(), err, clock, ended);
        ActorSystem<WorkerActor.Command> system = Nodes.start(WorkerActor.create(setup), bind, o.pekkoConfig(),
                WORKER_NODE);
        current.set(system);
        if (stopped.get()) {
            system.tell(new WorkerActor.StopHere(INTERRUPTED)); // stopped while the previous session ended
        }
        // Should the actor fail (a defect), the session ends with it rather than waiting for ever.
        system.getWhenTerminated().thenRun(() -> ended.complete(new SessionEnd(1, false, 0, true)));
        SessionEnd end = null;
        try {
            Cluster.get(system).manager().tell(new JoinSeedNodes(List.of(Nodes.addressAt(o.join()))));
            err.println("openmark worker: listening at " + Nodes.address(system) + ", joining the coordinator at "
                    + o.join());
            end = ended.get();
            return end;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the worker's session failed", e.getCause());
        } finally {
            Nodes.stop(system, Duration.ofSeconds(10), end != null && !end.coordinatorGone());
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
