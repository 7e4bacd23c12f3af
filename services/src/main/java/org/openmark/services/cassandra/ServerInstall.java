package org.openmark.services.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.Console;
import org.openmark.services.server.Packages;
import org.openmark.services.server.Processes;
import org.openmark.services.server.Time;

/**
 * What runs the server: a Java 11 or 17 (Cassandra 5.0 refuses 21+: "Setting a system-wide Policy
 * object is not supported"), and org.apache.cassandra:cassandra-all with its dependencies from Maven
 * Central, resolved once into the cache (a generated pom and dependency:copy-dependencies; nothing
 * fetched lands in the repository). Debian packages that are missing are installed when running as root.
 */
public final class ServerInstall {
    private static final Path JVMS = Path.of("/usr/lib/jvm");
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(30);

    private final CassandraSettings settings;
    private final Console console;
    private final Time time;

    public ServerInstall(CassandraSettings settings, Console console, Time time) {
        this.settings = settings;
        this.console = console;
        this.time = time;
    }

    /** A java binary that runs Cassandra: Java 17 (or 11); installs Debian's JRE 17 as root. */
    public Path java() {
        Optional<Path> given = settings.serverJava();
        List<Path> candidates = new ArrayList<>();
        given.ifPresent(candidates::add);
        candidates.addAll(jvms("java-17-openjdk-"));
        candidates.addAll(jvms("17"));
        candidates.addAll(jvms("java-11-openjdk-"));
        Packages.onPath("java").ifPresent(candidates::add);
        for (Path candidate : candidates) {
            if (Files.isExecutable(candidate) && (major(candidate) == 17 || major(candidate) == 11)) {
                return candidate;
            }
        }
        if (given.isPresent()) {
            throw CommandException.failed("OPENMARK_CASSANDRA_JAVA=" + given.get() + ": not a Java 11 or 17 binary (Cassandra "
                    + settings.version() + " runs on 11 or 17 only)");
        }
        Packages.install("openjdk-17-jre-headless", "Java 17 (Cassandra " + settings.version()
                + " runs on Java 11 or 17, not on 21+)", console);
        return jvms("java-17-openjdk-").stream().filter(Files::isExecutable).findFirst().orElseThrow(() ->
                CommandException.failed("no /usr/lib/jvm/java-17-openjdk-*/bin/java after installing openjdk-17-jre-headless"));
    }

    /** The directory holding the server's jars, resolving them through Maven on first use. */
    public Path lib() {
        Path cache = settings.cacheDir().resolve("cassandra-" + settings.version());
        Path lib = cache.resolve("lib");
        if (Files.exists(lib.resolve(".complete"))) {
            return lib;
        }
        if (Packages.onPath("mvn").isEmpty()) {
            Packages.install("maven", "Maven (mvn, resolves the Cassandra server's jars)", console);
        }
        long started = time.nanoTime();
        try {
            Files.createDirectories(cache);
            // one download at a time; a second start waits and then finds the jars
            try (FileChannel lockFile = FileChannel.open(cache.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                lockFile.lock();
                if (Files.exists(lib.resolve(".complete"))) {
                    return lib;
                }
                console.info("resolving org.apache.cassandra:cassandra-all:" + settings.version()
                        + " and its dependencies into " + lib + " (once)");
                Files.writeString(cache.resolve("pom.xml"), ServerConfig.serverPom(settings.version()), StandardCharsets.UTF_8);
                ServiceFiles.deleteTree(lib);
                List<String> mvn = new ArrayList<>(List.of("mvn", "-B", "-q", "-f", cache.resolve("pom.xml").toString()));
                Arrays.stream(settings.mavenArgs().trim().split("\\s+")).filter(a -> !a.isEmpty()).forEach(mvn::add);
                mvn.addAll(List.of("dependency:copy-dependencies", "-DincludeScope=runtime", "-DoutputDirectory=" + lib));
                Path log = cache.resolve("mvn.log");
                if (Processes.run(mvn, log, TOOL_TIMEOUT) != 0) {
                    console.raw(ServiceFiles.tail(ServiceFiles.lines(log), 20));
                    throw CommandException.failed("resolving cassandra-all:" + settings.version()
                            + " through Maven failed; see " + log);
                }
                Files.createFile(lib.resolve(".complete"));
                try (Stream<Path> jars = Files.list(lib)) {
                    console.info("resolved " + (jars.count() - 1) + " jars in " + time.secondsSince(started) + " s");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lib;
    }

    /** The major version {@code java -version} names (17 for "17.0.16", 8 for "1.8.0"), or 0. */
    static int majorVersion(String versionOutput) {
        Matcher m = VERSION.matcher(versionOutput);
        if (!m.find()) {
            return 0;
        }
        int first = Integer.parseInt(m.group(1));
        return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
    }

    private static int major(Path java) {
        Processes.Output out = Processes.capture(List.of(java.toString(), "-version"), Duration.ofSeconds(30));
        return majorVersion(out.text());
    }

    /** /usr/lib/jvm/{dir}/bin/java for the directories whose names start with (or, for a bare number, hold) {@code name}. */
    private static List<Path> jvms(String name) {
        if (!Files.isDirectory(JVMS)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(JVMS)) {
            return dirs.filter(d -> name.endsWith("-") ? d.getFileName().toString().startsWith(name)
                            : d.getFileName().toString().contains(name))
                    .sorted().map(d -> d.resolve("bin/java")).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
