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
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openmark.api.StoreProperties;
import org.openmark.services.Commands;
import org.openmark.services.Running;
import org.openmark.services.ServiceLock;
import org.openmark.services.Services;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.ServiceKind;

/**
 * Starts a real throwaway server (Redis, PostgreSQL, Prometheus, an etcd or a Cassandra cluster) before the first test
 * class that needs it, through the services module's Java API in this process: no openmark checkout, no
 * script and no build while tests run. A server that cannot be started fails the tests with what its manager
 * said: they never pass without a server.
 *
 * <p>Where servers live and how long. The base directory is {@code target/openmark-services} of the module
 * under test, or, when the environment names a directory shared by the modules of one test run
 * ({@value #SHARED_DIR}, which bin/test sets), that one. Two kinds of server:
 * <ul>
 * <li>A server that starts in seconds (Redis, PostgreSQL, Prometheus, an etcd cluster) is each test JVM's own, under
 * {@code BASE/jvm-PID}: several JVMs (surefire's forks, the modules of a parallel build) never share one, so
 * no test empties or stops another's data. It is started afresh for the JVM's first class that needs it,
 * shared by the JVM's classes, and stopped when the JVM's tests end (servers of a JVM that died are stopped
 * by the next fixture that starts).
 * <li>A server that takes a minute to start (a Cassandra cluster) is the run's: one under BASE, used by one
 * test class at a time across every JVM of the run (a lease, {@link ServiceLock#lease}, held from before
 * the class's first test to after its last), reused by the next class if it runs and answers as a fresh one
 * would ({@code Server.reset}), else started afresh. With {@value #SHARED_DIR} it stays running for the
 * next module and whoever set the variable stops it; without, the JVM that started it stops it at its end.
 * </ul>
 */
public final class ServicesFixture implements BeforeAllCallback, AfterAllCallback {
    /** The environment variable naming a services directory shared by every module of one test run. */
    public static final String SHARED_DIR = "OPENMARK_TEST_SERVICES_DIR";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ServicesFixture.class);
    private static final Path OWN_DIR = Path.of("target/openmark-services");
    private static final String LOG = "fixture.log";
    private static final String JVM_DIR_PREFIX = "jvm-";

    private final Commands.StartRequest request;
    private volatile Running running;
    /** The lease of a server of the run's, held while a test class uses it; null otherwise. */
    private volatile ServiceLock lease;

    private ServicesFixture(String kind, String... startOptions) {
        List<String> args = new ArrayList<>(List.of(kind));
        args.addAll(List.of(startOptions));
        this.request = Commands.startRequest(args);
    }

    /** A fixture for {@code redis}, {@code redis-pair}, {@code postgres}, {@code etcd} or {@code prometheus}. */
    public static ServicesFixture of(String kind) {
        return new ServicesFixture(kind);
    }

    /**
     * A fixture started with options, e.g. {@code of("cassandra", "--nodes", "3")} or {@code of("etcd", "--nodes",
     * "3")} (an etcd cluster starts in seconds: each JVM's own, as Redis); every test class that names
     * the same kind shares one server (its JVM's, or for a Cassandra cluster the run's).
     */
    public static ServicesFixture of(String kind, String... startOptions) {
        return new ServicesFixture(kind, startOptions);
    }

    /** True for the kinds whose server is the whole run's, leased to one test class at a time. */
    static boolean ofTheRun(ServiceKind kind) {
        return kind == ServiceKind.CASSANDRA;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        ExtensionContext.Store jvm = context.getRoot().getStore(NAMESPACE);
        if (!ofTheRun(request.kind())) {
            running = jvm.computeIfAbsent(request.name(), n -> Started.startOwn(request), Started.class).running();
            return;
        }
        ServiceLock held = ServiceLock.lease(runDir(), request.name());
        try {
            running = Started.reuseOrStart(request);
            if (!shared()) {
                // stopped at this JVM's end, when no other JVM's class holds it
                jvm.computeIfAbsent(request.name(), n -> new Started(running, runDir()), Started.class);
            }
        } catch (RuntimeException | Error e) {
            held.close();
            throw e;
        }
        lease = held;
    }

    /**
     * An extension that has the run's server of this fixture running before the class's other fixtures start, and
     * keeps no lease of it: a class with a server of its own registers it first ({@code @Order} on the fields), so
     * that the server every other class waits for does not wait for that one's start too (the run's servers start
     * one after another).
     */
    public BeforeAllCallback startedFirst() {
        if (!ofTheRun(request.kind())) {
            throw new IllegalStateException(request.name() + " is each test JVM's own, not the run's: nothing waits for it");
        }
        return context -> {
            try (ServiceLock held = ServiceLock.lease(runDir(), request.name())) {
                Running started = Started.reuseOrStart(request);
                if (!shared()) {
                    context.getRoot().getStore(NAMESPACE).computeIfAbsent(request.name(),
                            n -> new Started(started, runDir()), Started.class);
                }
            }
        };
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ServiceLock held = lease;
        lease = null;
        if (held != null) {
            held.close();
        }
    }

    /**
     * Runs a command of bin/openmark-services on this fixture's services, in this process (e.g. {@code kill-node
     * cassandra 2}), and returns what it printed; throws, with what it said, when it fails.
     */
    public Said services(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path base = ofTheRun(request.kind()) ? runDir() : jvmDir();
        try (OutputStream log = openLog()) {
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

    /**
     * The directory the run's servers live under: the shared one ({@value #SHARED_DIR}), or this module's
     * {@code target/openmark-services}.
     */
    public static Path baseDir() {
        return runDir();
    }

    /** True when the servers are shared by the modules of a test run ({@value #SHARED_DIR} is set). */
    public static boolean shared() {
        String shared = System.getenv(SHARED_DIR);
        return shared != null && !shared.isBlank();
    }

    private static Path runDir() {
        return (shared() ? Path.of(System.getenv(SHARED_DIR)) : OWN_DIR).toAbsolutePath();
    }

    /** BASE/jvm-PID: where this JVM's own servers live. */
    private static Path jvmDir() {
        return runDir().resolve(JVM_DIR_PREFIX + ProcessHandle.current().pid());
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
     * the JVM's tests end) stops it: a JVM's own server, or a server of the run's that this JVM started without
     * {@value #SHARED_DIR} (once no other JVM's class holds its lease).
     */
    record Started(Running running, Path base) implements AutoCloseable {
        /** Starts a server of this JVM's own, afresh; first stops what JVMs that died left running. */
        static Started startOwn(Commands.StartRequest request) {
            stopServersOfDeadJvms();
            Path base = jvmDir();
            return new Started(withManager(request, base, services -> services.startFresh(request.kind(),
                    request.name(), request.options())), base);
        }

        /**
         * The run's server, reused as a fresh one or started; the caller holds its lease. One such server
         * starts at a time: two Cassandra clusters starting at once beside the other tests' JVMs took the two
         * cores long enough that a node of one saw only two of three nodes after 240 s (2026-11-29).
         */
        static Running reuseOrStart(Commands.StartRequest request) {
            try (ServiceLock starting = ServiceLock.lease(runDir(), STARTS)) {
                return withManager(request, runDir(), services -> services.reuseOrStart(request.kind(),
                        request.name(), request.options()));
            }
        }

        /** The lease under which the run's servers start, one after another. */
        static final String STARTS = "starts";

        private static Running withManager(Commands.StartRequest request, Path base,
                java.util.function.Function<Services, Running> start) {
            try (OutputStream log = openLog()) {
                Console console = new Console(new PrintStream(log, true, UTF_8), new PrintStream(log, true, UTF_8));
                return start.apply(Services.at(base, console));
            } catch (CommandException e) {
                throw new IllegalStateException("openmark-services start " + request.kind() + " " + request.name()
                        + " failed: " + e.getMessage() + "\n(its messages are in " + runDir().resolve(LOG) + ")", e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            boolean own = !base.equals(runDir());
            try (OutputStream log = openLog();
                    ServiceLock held = own ? null : ServiceLock.lease(base, running.name())) {
                Console console = new Console(new PrintStream(log, true, UTF_8), new PrintStream(log, true, UTF_8));
                Services.at(base, console).stop(running.name());
                if (own) {
                    deleteIfEmpty(base);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Stops the servers under BASE/jvm-PID of every PID that is no longer a running process, and their directories. */
    private static void stopServersOfDeadJvms() {
        Path run = runDir();
        if (!Files.isDirectory(run)) {
            return;
        }
        try (var dirs = Files.list(run); OutputStream log = openLog()) {
            Console console = new Console(new PrintStream(log, true, UTF_8), new PrintStream(log, true, UTF_8));
            for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith(JVM_DIR_PREFIX)).toList()) {
                String pid = dir.getFileName().toString().substring(JVM_DIR_PREFIX.length());
                boolean alive = pid.chars().allMatch(Character::isDigit) && !pid.isEmpty()
                        && ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
                if (!alive) {
                    Services.at(dir, console).stopAll();
                    deleteIfEmpty(dir);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code dir} and the lock files the manager leaves in it, when nothing else is left. */
    private static void deleteIfEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (var entries = Files.list(dir)) {
            List<Path> left = entries.toList();
            if (left.stream().allMatch(p -> p.getFileName().toString().startsWith("."))) {
                for (Path p : left) {
                    Files.deleteIfExists(p);
                }
                Files.deleteIfExists(dir);
            }
        }
    }

    /** BASE/fixture.log (the run's directory), appended to: every message of the manager a fixture ran. */
    private static OutputStream openLog() throws IOException {
        Path base = runDir();
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
