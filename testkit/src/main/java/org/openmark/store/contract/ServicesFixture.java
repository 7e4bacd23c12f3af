package org.openmark.store.contract;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openmark.api.StoreProperties;

/**
 * Starts a real throwaway server with {@code bin/openmark-services start KIND} before the
 * first test class that needs it, and stops it when the whole test run ends. Servers live
 * under {@code target/openmark-services}, apart from a user's own. When the server cannot be
 * started the tests fail with the script's output: they never pass without a server.
 */
public final class ServicesFixture implements BeforeAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ServicesFixture.class);
    private static final long SCRIPT_TIMEOUT_SECONDS = 300;

    private final String kind;
    private final String[] startOptions;
    private volatile Map<String, String> properties;

    private ServicesFixture(String kind, String... startOptions) {
        this.kind = kind;
        this.startOptions = startOptions.clone();
    }

    /** A fixture for {@code redis}, {@code redis-pair} or {@code postgres}. */
    public static ServicesFixture of(String kind) {
        return new ServicesFixture(kind, new String[0]);
    }

    /**
     * A fixture started with options, e.g. {@code of("cassandra", "--nodes", "3")}; every test class
     * of one test run that names the same kind shares the first one started.
     */
    public static ServicesFixture of(String kind, String... startOptions) {
        return new ServicesFixture(kind, startOptions);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Running running = context.getRoot().getStore(NAMESPACE)
                .computeIfAbsent(kind, k -> start(k, startOptions), Running.class);
        properties = running.properties();
    }

    /**
     * Runs {@code bin/openmark-services ARGS...} on this fixture's services (e.g. {@code kill-node
     * cassandra 2}) and returns what it printed on stdout; throws when it fails.
     */
    public String services(String... args) {
        return runScript(args);
    }

    /** The properties the script printed, plus the given {@code key=value} pairs. */
    public StoreProperties properties(String... keyValues) {
        Map<String, String> all = new HashMap<>(properties);
        for (String keyValue : keyValues) {
            int eq = keyValue.indexOf('=');
            all.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
        }
        return StoreProperties.of(all);
    }

    /** A started server; closing it (JUnit closes the root store's values at the end of the run) stops it. */
    public record Running(String name, Map<String, String> properties) implements AutoCloseable {
        @Override
        public void close() {
            runScript("stop", name);
        }
    }

    private static Running start(String kind, String... options) {
        // a server left over from an interrupted run would hold its old data: begin clean
        runScript("stop", kind);
        String[] start = new String[options.length + 2];
        start[0] = "start";
        start[1] = kind;
        System.arraycopy(options, 0, start, 2, options.length);
        String output = runScript(start);
        Map<String, String> parsed = new HashMap<>();
        String[] tokens = output.trim().split("\\s+");
        for (int i = 0; i + 1 < tokens.length; i++) {
            if (tokens[i].equals("-p") && tokens[i + 1].contains("=")) {
                String keyValue = tokens[++i];
                int eq = keyValue.indexOf('=');
                parsed.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
            }
        }
        if (parsed.isEmpty()) {
            throw new IllegalStateException("openmark-services start " + kind + " printed no properties:\n" + output);
        }
        return new Running(kind, Map.copyOf(parsed));
    }

    /** Runs the script and returns its stdout; throws with stdout and stderr when it fails. */
    private static String runScript(String... args) {
        Path moduleDir = Path.of("").toAbsolutePath();
        Path script = findScript(moduleDir);
        Path servicesDir = moduleDir.resolve("target/openmark-services");
        try {
            Files.createDirectories(servicesDir);
            Path out = servicesDir.resolve(String.join("-", args) + ".out");
            Path err = servicesDir.resolve(String.join("-", args) + ".err");
            String[] command = new String[args.length + 2];
            command[0] = "bash";
            command[1] = script.toString();
            System.arraycopy(args, 0, command, 2, args.length);
            // output goes to files: a daemon that inherits a pipe would keep it open forever
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().put("OPENMARK_SERVICES_DIR", servicesDir.toString());
            Process process = builder.start();
            if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in "
                        + SCRIPT_TIMEOUT_SECONDS + " s:\n" + Files.readString(err, UTF_8));
            }
            String stdout = Files.readString(out, UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue()
                        + "):\n" + stdout + Files.readString(err, UTF_8));
            }
            return stdout;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + script, e);
        }
    }

    /**
     * {@code bin/openmark-services} of the openmark checkout named by the system property
     * {@code openmark.home} or the environment variable {@code OPENMARK_HOME} (a binding in another
     * repository), else of the first directory above {@code start} that has one (this repository).
     */
    private static Path findScript(Path start) {
        String home = System.getProperty("openmark.home", System.getenv("OPENMARK_HOME"));
        if (home != null && !home.isBlank()) {
            Path candidate = Path.of(home).resolve("bin/openmark-services");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            throw new IllegalStateException("bin/openmark-services not found in openmark.home/OPENMARK_HOME=" + home);
        }
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("bin/openmark-services");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("bin/openmark-services not found above " + start
                + "; set -Dopenmark.home (or OPENMARK_HOME) to an openmark checkout");
    }
}
