package org.openmark.services.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.Packages;
import org.openmark.services.server.Processes;

/**
 * PostgreSQL's programs of one installed version (/usr/lib/postgresql/V/bin), run as the server's user: initdb
 * and pg_ctl refuse to run as root, so as root they run as the Debian package's postgres user (runuser), and
 * the files they read are given to it.
 */
final class PgTools {
    private static final Path VERSIONS = Path.of("/usr/lib/postgresql");
    private static final String SERVER_USER = "postgres";

    private final Path bin;
    private final boolean root;

    private PgTools(Path bin, boolean root) {
        this.bin = bin;
        this.root = root;
    }

    /** The newest installed version's programs; installs the package postgresql when there is none (as root). */
    static PgTools find(Console console) {
        Optional<Path> bin = newestBin(VERSIONS);
        if (bin.isEmpty()) {
            Packages.install("postgresql", "PostgreSQL (initdb)", console);
            bin = newestBin(VERSIONS);
        }
        PgTools tools = new PgTools(bin.orElseThrow(() ->
                CommandException.failed("no /usr/lib/postgresql/*/bin/initdb after installing postgresql")), Processes.isRoot());
        if (tools.root && Processes.capture(List.of("id", SERVER_USER), Duration.ofSeconds(10)).exitCode() != 0) {
            throw CommandException.failed("initdb refuses to run as root and there is no 'postgres' user; install the"
                    + " Debian package 'postgresql' or run as another user");
        }
        return tools;
    }

    /** The programs in {@code bin}, as a running server's state names them. */
    static PgTools at(Path bin) {
        return new PgTools(bin, Processes.isRoot());
    }

    Path bin() {
        return bin;
    }

    /** The bin directory of the highest version under {@code versions} that has initdb (15 before 9.6, by number). */
    static Optional<Path> newestBin(Path versions) {
        if (!Files.isDirectory(versions)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(versions)) {
            return dirs.filter(d -> Files.isExecutable(d.resolve("bin/initdb")))
                    .max(Comparator.comparing((Path d) -> versionKey(d.getFileName().toString())))
                    .map(d -> d.resolve("bin"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** "9.6" as 9 then 6, "15" as 15 then 0, so that versions compare as numbers. */
    private static String versionKey(String version) {
        StringBuilder key = new StringBuilder();
        for (String part : (version + ".0").split("\\.")) {
            key.append(String.format("%08d", part.matches("\\d{1,8}") ? Integer.parseInt(part) : 0));
        }
        return key.toString();
    }

    /**
     * A directory the server's user can write for the service in {@code dir}: {@code dir}/pg, or a private one
     * under /tmp when that user cannot reach {@code dir} (e.g. it lies under root's home).
     */
    Path home(Path dir) {
        Path home = dir.resolve("pg");
        try {
            Files.createDirectories(home);
            if (root) {
                giveToServerUser(home);
                if (Processes.capture(List.of("runuser", "-u", SERVER_USER, "--", "test", "-w", home.toString()),
                        Duration.ofSeconds(10)).exitCode() != 0) {
                    Files.delete(home);
                    home = Files.createTempDirectory(Path.of("/tmp"), "openmark-pg.");
                    giveToServerUser(home);
                }
            }
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code bin/TOOL ARGS...} as the server's user and returns what it printed. */
    Processes.Output run(Duration timeout, String tool, String... args) {
        return Processes.capture(asServerUser(tool, args), timeout);
    }

    /** Runs the client {@code bin/TOOL ARGS...} with the password in its environment (not on its command line). */
    Processes.Output client(Duration timeout, String password, String tool, String... args) {
        List<String> command = new ArrayList<>(List.of(bin.resolve(tool).toString()));
        command.addAll(List.of(args));
        return Processes.capture(command, Map.of("PGPASSWORD", password), timeout);
    }

    /** True when the server on {@code port} accepts connections (pg_isready). */
    boolean ready(int port) {
        return Processes.capture(List.of(bin.resolve("pg_isready").toString(), "-q", "-h", PostgresServer.HOST, "-p",
                Integer.toString(port)), Duration.ofSeconds(10)).ok();
    }

    /** Writes {@code text} to {@code file} and gives it to the server's user. */
    void writeOwned(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            if (root) {
                giveToServerUser(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends {@code text} to {@code file} (one the server's user made; its owner stays). */
    void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> asServerUser(String tool, String... args) {
        List<String> command = new ArrayList<>();
        if (root) {
            command.addAll(List.of("runuser", "-u", SERVER_USER, "--"));
        }
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(args));
        return command;
    }

    private static void giveToServerUser(Path path) throws IOException {
        UserPrincipal user = path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SERVER_USER);
        Files.setOwner(path, user);
    }
}
