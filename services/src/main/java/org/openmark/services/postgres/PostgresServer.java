package org.openmark.services.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.PortAttempts;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Processes;
import org.openmark.services.server.Server;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StartOptions;

/**
 * A PostgreSQL server of Debian's package with a database "openmark": loopback TCP only, durability traded
 * for speed, but passwords checked with scram-sha-256 as a real server checks them (each server gets a random
 * one, so a wrong one is refused). initdb and pg_ctl refuse to run as root, so as root they run as the
 * package's postgres user ({@link PgTools}). Up when pg_isready says it accepts connections.
 */
public final class PostgresServer implements Server {
    static final String HOST = "127.0.0.1";
    static final String DATABASE = "openmark";
    static final String USER = "openmark";
    private static final Duration POLL = Duration.ofMillis(100);

    private final PortPicker ports;

    public PostgresServer(PortPicker ports) {
        this.ports = ports;
    }

    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        PgTools pg = PgTools.find(site.console());
        Path home = pg.home(site.dir());
        ServiceState state = ServiceState.of(ServiceKind.POSTGRES, "bin", pg.bin(), "home", home);
        site.writeState(state);
        String password = HexFormat.of().formatHex(randomBytes(12));
        Path data = home.resolve("data");
        Path pwfile = home.resolve("pwfile");
        pg.writeOwned(pwfile, password + "\n");
        Processes.Output initdb = pg.run(site.timeout(), "initdb", "-D", data.toString(), "-U", USER,
                "--pwfile=" + pwfile, "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-locale",
                "-N", "--no-instructions");
        ServiceFiles.write(site.dir().resolve("initdb.log"), initdb.text());
        deleteIfExists(pwfile);
        if (!initdb.ok()) {
            site.console().raw(initdb.text());
            throw CommandException.failed("initdb failed; see " + site.dir().resolve("initdb.log"));
        }
        pg.append(data.resolve("postgresql.conf"), configuration());
        pg.writeOwned(data.resolve("pg_hba.conf"), "host all all " + HOST + "/32 scram-sha-256\n");
        int port = startServer(site, pg, data, home.resolve("postgres.log"));
        site.writeState(state.with("port", port));
        Processes.Output createdb = pg.client(site.timeout(), password, "createdb", "-h", HOST, "-p", Integer.toString(port),
                "-U", USER, DATABASE);
        if (!createdb.ok()) {
            site.console().raw(createdb.text());
            throw CommandException.failed("createdb " + DATABASE + " failed on port " + port);
        }
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("jdbc.url", "jdbc:postgresql://" + HOST + ":" + port + "/" + DATABASE);
        properties.put("jdbc.user", USER);
        properties.put("jdbc.password", password);
        return properties;
    }

    /** The lines added to postgresql.conf: a throwaway server, loopback TCP only, no Unix socket. */
    static String configuration() {
        return """
                listen_addresses = '%s'
                unix_socket_directories = ''
                fsync = off
                synchronous_commit = off
                full_page_writes = off
                max_connections = 200
                """.formatted(HOST);
    }

    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        return state.value("port").isPresent() && PgTools.at(Path.of(state.required("bin"))).ready((int) state.number("port"));
    }

    /** The database dropped (with any session still on it) and made again, empty. */
    @Override
    public void reset(ServiceSite site, ServiceState state) {
        PgTools pg = PgTools.at(Path.of(state.required("bin")));
        String password = readPassword(site);
        String port = state.required("port");
        for (String tool : List.of("dropdb", "createdb")) {
            List<String> args = new ArrayList<>(List.of("-h", HOST, "-p", port, "-U", USER));
            if (tool.equals("dropdb")) {
                args.addAll(List.of("--force", "--maintenance-db=postgres"));
            }
            args.add(DATABASE);
            Processes.Output out = pg.client(site.timeout(), password, tool, args.toArray(String[]::new));
            if (!out.ok()) {
                site.console().raw(out.text());
                throw CommandException.failed(tool + " " + DATABASE + " failed on port " + port);
            }
        }
    }

    @Override
    public void stop(ServiceSite site, ServiceState state) {
        Optional<String> home = state.value("home");
        if (home.isEmpty()) {
            return;
        }
        Path data = Path.of(home.get()).resolve("data");
        if (Files.isDirectory(data)) {
            PgTools pg = PgTools.at(Path.of(state.required("bin")));
            if (!pg.run(site.timeout(), "pg_ctl", "-D", data.toString(), "-m", "fast", "-w", "stop").ok()) {
                pg.run(site.timeout(), "pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop");
            }
        }
        Path homeDir = Path.of(home.get());
        if (!homeDir.startsWith(site.dir())) {
            ServiceFiles.deleteTree(homeDir);
        }
    }

    /** The postmaster (its backends are its children). */
    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        List<String> pidFile = ServiceFiles.lines(Path.of(state.required("home")).resolve("data/postmaster.pid"));
        return pidFile.isEmpty() ? List.of() : List.of(Long.parseLong(pidFile.get(0).strip()));
    }

    /** pg_ctl start on a free port; a port taken meanwhile gets another try on another port. */
    private int startServer(ServiceSite site, PgTools pg, Path data, Path log) {
        return PortAttempts.start(site, ports, "postgres", log, port -> {
            pg.append(data.resolve("postgresql.conf"), "port = " + port + "\n");
            Processes.Output started = pg.run(site.timeout(), "pg_ctl", "-D", data.toString(), "-l", log.toString(), "-w",
                    "-t", Long.toString(site.timeout().toSeconds()), "start");
            if (started.ok() && site.waitFor(POLL).until(() -> pg.ready(port))) {
                return Optional.of(port);
            }
            site.console().raw(started.text());
            pg.run(site.timeout(), "pg_ctl", "-D", data.toString(), "-m", "immediate", "stop");
            return Optional.empty();
        });
    }

    private static String readPassword(ServiceSite site) {
        return ServiceFiles.lines(site.propertiesFile()).stream().filter(l -> l.startsWith("jdbc.password="))
                .map(l -> l.substring("jdbc.password=".length())).findFirst()
                .orElseThrow(() -> CommandException.failed("no jdbc.password in " + site.propertiesFile()));
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private static void deleteIfExists(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
