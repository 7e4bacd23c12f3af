package org.openmark.store.contract;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openmark.api.StoreProperties;
import org.openmark.services.Commands;
import org.openmark.services.Running;
import org.openmark.services.Services;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;

/**
 * Starts a real throwaway server (Redis, PostgreSQL, Prometheus, a Cassandra cluster) before the first test
 * class that needs it, through the services module's Java API in this process: no openmark checkout, no
 * script and no build while tests run. A server that cannot be started fails the tests with what its manager
 * said: they never pass without a server.
 *
 * <p>Where servers live and how long: by default under {@code target/openmark-services} of the module under
 * test, started afresh and stopped when the test JVM ends. When the environment names a directory shared by
 * the modules of one test run ({@value #SHARED_DIR}, which bin/test sets), servers are kept there instead: a
 * server of the same kind and start options that runs and answers there is reused (its data emptied, as a
 * fresh one's: see {@code Server.reset}), and it is left running at the end, for the next module; whoever set
 * the variable stops them all when the run ends.
 */
public final class ServicesFixture implements BeforeAllCallback {
    /** The environment variable naming a services directory shared by every module of one test run. */
    public static final String SHARED_DIR = "OPENMARK_TEST_SERVICES_DIR";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ServicesFixture.class);
    private static final Path OWN_DIR = Path.of("target/openmark-services");
    private static final String LOG = "fixture.log";

    private final Commands.StartRequest request;
    private volatile Running running;

    private ServicesFixture(String kind, String... startOptions) {
        List<String> args = new ArrayList<>(List.of(kind));
        args.addAll(List.of(startOptions));
        this.request = Commands.startRequest(args);
    }

    /** A fixture for {@code redis}, {@code redis-pair}, {@code postgres} or {@code prometheus}. */
    public static ServicesFixture of(String kind) {
        return new ServicesFixture(kind);
    }

    /**
     * A fixture started with options, e.g. {@code of("cassandra", "--nodes", "3")}; every test class of one test
     * JVM that names the same kind shares the first one started.
     */
    public static ServicesFixture of(String kind, String... startOptions) {
        return new ServicesFixture(kind, startOptions);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running = context.getRoot().getStore(NAMESPACE)
                .computeIfAbsent(request.name(), n -> Started.start(request), Started.class).running();
    }

    /**
     * Runs a command of bin/openmark-services on this fixture's services, in this process (e.g. {@code kill-node
     * cassandra 2}), and returns what it printed; throws, with what it said, when it fails.
     */
    public Said services(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path base = baseDir();
        try (OutputStream log = openLog(base)) {
            Console console = new Console(new PrintStream(new Tee(out, log), true, UTF_8),
                    new PrintStream(new Tee(err, log), true, UTF_8));
            try {
                Commands.run(List.of(args), Services.at(base, console), console);
            } catch (CommandException e) {
                throw new IllegalStateException("openmark-services " + String.join(" ", args) + " failed (exit "
                        + e.exitCode() + "): " + e.getMessage() + "\n" + out.toString(UTF_8) + err.toString(UTF_8), e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Said(out.toString(UTF_8), err.toString(UTF_8));
    }

    /** What a command printed: its result on {@code out}, its progress on {@code err}. */
    public record Said(String out, String err) {
    }

    /** The properties the server was started with, plus the given {@code key=value} pairs. */
    public StoreProperties properties(String... keyValues) {
        Map<String, String> all = new HashMap<>(started().properties());
        for (String keyValue : keyValues) {
            int eq = keyValue.indexOf('=');
            all.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
        }
        return StoreProperties.of(all);
    }

    /** The server's directory (a Cassandra cluster's holds its nodetool wrapper). */
    public Path dir() {
        return started().dir();
    }

    /** The directory the services live under: the shared one, or this module's {@code target/openmark-services}. */
    public static Path baseDir() {
        String shared = System.getenv(SHARED_DIR);
        return (shared == null || shared.isBlank() ? OWN_DIR : Path.of(shared)).toAbsolutePath();
    }

    /** True when the servers are shared by the modules of a test run ({@value #SHARED_DIR} is set). */
    public static boolean shared() {
        String shared = System.getenv(SHARED_DIR);
        return shared != null && !shared.isBlank();
    }

    private Running started() {
        Running r = running;
        if (r == null) {
            throw new IllegalStateException("ServicesFixture " + request.name() + " has not started: register it with"
                    + " @RegisterExtension on a static field");
        }
        return r;
    }

    /**
     * A started server, in the root store of the test JVM; closing it (JUnit closes the root store's values when
     * the JVM's tests end) stops it, unless it is shared.
     */
    record Started(Running running, boolean leftRunning) implements AutoCloseable {
        static Started start(Commands.StartRequest request) {
            Path base = baseDir();
            try (OutputStream log = openLog(base)) {
                Console console = new Console(new PrintStream(log, true, UTF_8), new PrintStream(log, true, UTF_8));
                Services services = Services.at(base, console);
                boolean shared = ServicesFixture.shared();
                // a server of this module's left over from an interrupted run would hold its old data: begin clean
                Running running = shared ? services.reuseOrStart(request.kind(), request.name(), request.options())
                        : services.startFresh(request.kind(), request.name(), request.options());
                return new Started(running, shared);
            } catch (CommandException e) {
                throw new IllegalStateException("openmark-services start " + request.kind() + " " + request.name()
                        + " failed: " + e.getMessage() + "\n(its messages are in " + base.resolve(LOG) + ")", e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            if (leftRunning) {
                return;
            }
            Path base = baseDir();
            try (OutputStream log = openLog(base)) {
                Console console = new Console(new PrintStream(log, true, UTF_8), new PrintStream(log, true, UTF_8));
                Services.at(base, console).stop(running.name());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** BASE/fixture.log, appended to: every message of the manager a fixture ran. */
    private static OutputStream openLog(Path base) throws IOException {
        Files.createDirectories(base);
        return new FileOutputStream(base.resolve(LOG).toFile(), true);
    }

    /** Writes to two streams (a command's buffer and the log); closes neither. */
    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            first.flush();
            second.flush();
        }
    }
}
