package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.cluster.HostPort;
import org.openmark.cluster.Nodes;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Hello;
import org.openmark.cluster.protocol.ToCoordinator;

/**
 * A kept worker ({@code worker --keep}) whose next node joins the coordinator's address while the
 * coordinator it just served is still winding down. The full suite met this race: the new node
 * joined the ending coordinator's cluster, which then went away, and the next session's
 * coordinator at the same address never saw a worker join ("only 0 of 1 workers joined within
 * 60 s"). Here the window is held open on purpose: a stand-in coordinator admits the worker, ends
 * the session at once and stays up until the worker's next node has met it; only after it has gone
 * does a second one start at the same address. The worker must not take the first for a new
 * session, and must serve the second.
 */
@Tag("integration")
class KeptWorkerEndedCoordinatorTest {
    @TempDir
    Path dir;

    /** A coordinator that admits each worker that says hello and ends its session at once; counts the hellos. */
    private static Behavior<ToCoordinator> admitsAndFinishes(AtomicInteger hellos) {
        return Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(Receptionist.register(ToCoordinator.KEY, ctx.getSelf()));
            return Behaviors.receive(ToCoordinator.class)
                    .onMessage(Hello.class, h -> {
                        hellos.incrementAndGet();
                        h.worker().tell(new Accepted(0, 1, ctx.getSelf()));
                        h.worker().tell(new Finish(true, null));
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    private static ActorSystem<ToCoordinator> coordinatorAt(int port, AtomicInteger hellos) {
        ActorSystem<ToCoordinator> system = Nodes.start(admitsAndFinishes(hellos),
                new HostPort("127.0.0.1", port), null);
        Cluster.get(system).manager().tell(Join.create(system.address()));
        return system;
    }

    private static void awaitLine(Path log, String text, Process worker) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.readString(log).contains(text) && System.currentTimeMillis() < deadline) {
            assertTrue(worker.isAlive(), "the worker ended:\n" + Files.readString(log));
            Thread.sleep(100);
        }
        assertTrue(Files.readString(log).contains(text), "waited for '" + text + "':\n" + Files.readString(log));
    }

    @Test
    void keptWorker_leavesTheCoordinatorItServed_andJoinsTheNextAtTheSameAddress() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        ActorSystem<ToCoordinator> ending = coordinatorAt(port, first);
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = dir.resolve("worker.log");
        Process worker = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "worker", "--join", "127.0.0.1:" + port,
                "--keep", "--out", dir.resolve("kept").toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            awaitLine(log, "session 1 ended (exit code 0)", worker);
            // The ended coordinator stays up: the worker's next node finds it at the address, knows it
            // (its system uid), and tries again with a fresh node instead of greeting it.
            awaitLine(log, "joined the coordinator of the session that just ended", worker);
            assertEquals(1, first.get(), "the coordinator of session 1 was greeted again as a new one:\n"
                    + Files.readString(log));
            Nodes.stop(ending, Duration.ofSeconds(20));
            ActorSystem<ToCoordinator> next = coordinatorAt(port, second);
            try {
                awaitLine(log, "session 2 ended (exit code 0)", worker);
                assertEquals(1, second.get(), Files.readString(log));
                assertEquals(1, first.get(), Files.readString(log));
            } finally {
                Nodes.stop(next, Duration.ofSeconds(20));
            }
            worker.destroy(); // SIGTERM
            assertTrue(worker.waitFor(60, TimeUnit.SECONDS), Files.readString(log));
        } finally {
            worker.destroyForcibly();
            Nodes.stop(ending, Duration.ofSeconds(5), false);
        }
    }
}
