package org.openmark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.openmark.api.Clock;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.config.SimProperties;
import org.openmark.store.sim.engine.AtomicFiles;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.server.SimServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code openmark simstore}: serves a simulated replicated store over TCP until interrupted
 * (Ctrl-C), then writes its ground truth and W/A/R/S samples if asked to.
 */
@Command(name = "simstore", mixinStandardHelpOptions = true,
        description = {"Runs the simulated replicated store (known staleness, throughput limit, hiccups) as a TCP "
            + "server until interrupted.", "Clients: --store sim -p sim.host=HOST -p sim.port=PORT."})
public final class SimStoreCommand implements Callable<Integer> {
    /** Bad input (an invalid option or property). */
    static final int EXIT_BAD_INPUT = 2;
    /** The server could not start (e.g. the port is taken). */
    static final int EXIT_FAILED = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML file with the nodes and client settings (see docs/simstore.md). "
                + "Without it: one node shaped by -p sim.* properties.")
    Path config;

    @Option(names = {"-p", "--property"}, paramLabel = "KEY=VALUE",
            description = "A sim.* model property (sim.latency, sim.maxthroughput, sim.hiccups, sim.secondaries, "
                + "sim.replicationdelay, sim.readpreference, sim.writeconcern, sim.seed, sim.maxframe, sim.samplelimit).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--seed", paramLabel = "N", description = "Overrides the seed of the configuration.")
    Long seed;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, loopback only).")
    String bind;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "54000",
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--truth-file", paramLabel = "FILE", description = "Write the ground truth JSON here on shutdown.")
    Path truthFile;

    @Option(names = "--wars-dir", paramLabel = "DIR",
            description = "Write the W/A/R/S samples (w.txt, a.txt, r.txt, s.txt) here on shutdown.")
    Path warsDir;

    private final CountDownLatch started = new CountDownLatch(1);
    private volatile SimServer running;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SimConfig simConfig;
        InetAddress address;
        try {
            simConfig = SimProperties.config(StoreProperties.of(modelProperties()));
            if (port < 0 || port > 65535) {
                throw new StoreConfigException("--port", Integer.toString(port), "must be in 0..65535 (0 = any free port)");
            }
            address = resolve(bind);
            // Output paths are checked now, not when the server stops (hours later, perhaps).
            if (truthFile != null) {
                org.openmark.output.OutputPaths.checkFile("--truth-file", truthFile);
            }
            if (warsDir != null) {
                org.openmark.output.OutputPaths.checkDirectory("--wars-dir", warsDir);
            }
        } catch (StoreConfigException | org.openmark.config.ConfigException e) {
            err.println("openmark simstore: error: " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
        SimServer server;
        try {
            server = SimServer.start(simConfig, address, port, Clock.system());
        } catch (IOException e) {
            err.println("openmark simstore: cannot listen on " + bind + ":" + port + ": " + e.getMessage());
            return EXIT_FAILED;
        }
        // Ctrl-C and SIGTERM run shutdown hooks, not an interrupt: the hook wakes this thread, which
        // stops the server and writes the files; the process then exits 130 (1 if a file failed).
        CountDownLatch signalled = new CountDownLatch(1);
        PrintStream errStream = new PrintStream(new WriterOutputStream(err), true);
        try (Interruption interruption = Interruption.stopping(errStream, "stopping the server, then writing its"
                + " files", java.time.Duration.ofSeconds(30), signalled::countDown)) {
            out.println("simstore listening on " + server.address().getAddress().getHostAddress() + ":"
                    + server.port());
            out.flush();
            running = server;
            started.countDown();
            boolean byUser;
            try {
                signalled.await();
                byUser = true;
            } catch (InterruptedException e) {
                // Interrupted (embedded use, tests): stop the same way.
                byUser = false;
            }
            server.close();
            boolean written = writeResults(server, err);
            out.println("simstore stopped");
            out.flush();
            if (!written) {
                return EXIT_FAILED;
            }
            return byUser ? Main.EXIT_INTERRUPTED : 0;
        }
    }

    private Map<String, String> modelProperties() {
        Map<String, String> p = new LinkedHashMap<>(properties);
        for (String key : p.keySet()) {
            if (!SimProperties.ALL.contains(key) || key.equals(SimProperties.HOST) || key.equals(SimProperties.PORT)
                    || key.equals(SimProperties.CONNECTIONS) || key.equals(SimProperties.TRUTH_FILE)
                    || key.equals(SimProperties.WARS_DIR) || key.equals(SimProperties.CONFIG)) {
                throw new StoreConfigException(key, p.get(key), "is not a simulated store model property here; "
                        + "use --config, --truth-file, --wars-dir, --bind, --port, or a sim.* model property");
            }
        }
        if (config != null) {
            p.put(SimProperties.CONFIG, config.toString());
        }
        if (seed != null) {
            p.put(SimProperties.SEED, Long.toString(seed));
        }
        return p;
    }

    private static InetAddress resolve(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new StoreConfigException("--bind", host, "must be an IP address or a resolvable host name");
        }
    }

    /** Writes the ground truth and the samples asked for; false (and a line naming the file) when one failed. */
    private boolean writeResults(SimServer server, PrintWriter err) {
        try {
            if (truthFile != null) {
                AtomicFiles.writeString(truthFile, server.groundTruth().toJson());
            }
            if (warsDir != null) {
                server.warsSamples().export(warsDir);
            }
            return true;
        } catch (UncheckedIOException e) {
            err.println("openmark simstore: " + e.getMessage());
            err.flush();
            return false;
        }
    }

    /** Blocks until the server listens; then returns it (for tests and embedding). */
    SimServer awaitStarted() throws InterruptedException {
        started.await();
        return running;
    }
}
