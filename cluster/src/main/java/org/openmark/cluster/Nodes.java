package org.openmark.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.openmark.config.ConfigException;

/** Starting and stopping the actor system of a coordinator or worker node. */
public final class Nodes {
    private Nodes() {
    }

    /** A node listening at {@code self} (port 0: any free port) with {@code guardian} as its root actor. */
    public static <T> ActorSystem<T> start(Behavior<T> guardian, HostPort self, Path pekkoConfig) {
        return start(guardian, self, pekkoConfig, ConfigFactory.empty());
    }

    /** As {@link #start(Behavior, HostPort, Path)}, with {@code fixed} over every other setting. */
    public static <T> ActorSystem<T> start(Behavior<T> guardian, HostPort self, Path pekkoConfig, Config fixed) {
        try {
            return ActorSystem.create(guardian, ClusterConfig.SYSTEM, ClusterConfig.of(self, pekkoConfig, fixed));
        } catch (Exception e) { // Pekko's bind timeout is a checked TimeoutException, thrown from Scala undeclared
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            if (root instanceof java.util.concurrent.TimeoutException) {
                throw new ClusterException("this node could not start listening at " + self + " in time (" + root
                        .getMessage() + "): the machine is too busy; raise pekko.remote.artery.bind.bind-timeout with"
                        + " --cluster-config", e);
            }
            if (root instanceof java.net.BindException || String.valueOf(root.getMessage()).contains("bind")) {
                throw ConfigException.of("--cluster/--bind", self.toString(), "cannot be listened on ("
                        + root.getMessage() + "): is the port in use, or the address not this machine's?");
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new ClusterException("this node could not start: " + e, e);
        }
    }

    /** The Pekko address of a node listening at {@code hostPort} (every openmark node's system has one name). */
    public static Address addressAt(HostPort hostPort) {
        return new Address("pekko", ClusterConfig.SYSTEM, hostPort.host(), hostPort.port());
    }

    /** The node's own address, host:port. */
    public static String address(ActorSystem<?> system) {
        Address a = system.address();
        return a.host().get() + ":" + a.port().get();
    }

    /** This machine's host name, as a worker introduces itself ("unknown" when it has none). */
    public static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    /** The node's own port. */
    public static int port(ActorSystem<?> system) {
        return (Integer) system.address().port().get();
    }

    /**
     * Leaves the cluster gracefully (the others see it leave rather than fail) and terminates the
     * node, waiting at most {@code timeout}.
     */
    public static void stop(ActorSystem<?> system, Duration timeout) {
        stop(system, timeout, true);
    }

    /**
     * Terminates the node; {@code graceful} leaves the cluster first (pointless, and slow, when the
     * rest of the cluster is gone).
     */
    public static void stop(ActorSystem<?> system, Duration timeout, boolean graceful) {
        if (graceful) {
            org.apache.pekko.actor.CoordinatedShutdown.get(system)
                    .run(org.apache.pekko.actor.CoordinatedShutdown.unknownReason());
        } else {
            system.terminate();
        }
        try {
            system.getWhenTerminated().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            // Best effort: the process is about to end anyway.
        }
    }
}
