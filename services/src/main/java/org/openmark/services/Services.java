package org.openmark.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.openmark.services.cassandra.CassandraCommands;
import org.openmark.services.cassandra.CassandraServer;
import org.openmark.services.cassandra.ClusterState;
import org.openmark.services.etcd.EtcdClusterState;
import org.openmark.services.etcd.EtcdCommands;
import org.openmark.services.etcd.EtcdServer;
import org.openmark.services.postgres.PostgresServer;
import org.openmark.services.prometheus.PrometheusServer;
import org.openmark.services.redis.RedisServer;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.PropertiesFile;
import org.openmark.services.server.Server;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StartOptions;
import org.openmark.services.server.StateFile;
import org.openmark.services.server.Time;

/**
 * The throwaway servers under one directory, each NAME in BASE/NAME: what bin/openmark-services runs, and what
 * the test kit's fixture and the clients benchmark call in their own process. Every command on a service holds
 * its lock; a service's state is read and written through {@link StateFile} only.
 */
public final class Services {
    private final ServicesSettings settings;
    private final Console console;
    private final Time time;
    private final Function<ServiceKind, Server> servers;

    public Services(ServicesSettings settings, Console console, Time time) {
        this(settings, console, time, kind -> server(kind, settings));
    }

    /** Services whose servers {@code servers} makes (a test's fakes). */
    Services(ServicesSettings settings, Console console, Time time, Function<ServiceKind, Server> servers) {
        this.settings = settings;
        this.console = console;
        this.time = time;
        this.servers = servers;
    }

    /** The services under {@code baseDir}, the other settings from this process's environment. */
    public static Services at(Path baseDir, Console console) {
        return new Services(ServicesSettings.fromEnvironment(System.getenv(), baseDir), console, Time.system());
    }

    public Path baseDir() {
        return settings.baseDir();
    }

    /**
     * Starts a server of {@code kind} named {@code name}, or returns the one that already runs and answers under
     * the name (a stale one, of another kind or not answering, is stopped and removed first). Says where its
     * properties are; {@link Running#flags()} is the line {@code start} prints.
     */
    public Running start(ServiceKind kind, String name, StartOptions options) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            Optional<ServiceState> existing = StateFile.read(dir(name));
            if (existing.isPresent() && existing.get().kind() == kind
                    && server(kind).answering(site(name, kind), existing.get())
                    && Files.isRegularFile(site(name, kind).propertiesFile())) {
                return running(name, kind);
            }
            return startAnew(kind, name, options);
        }
    }

    /** Starts a server of {@code kind} named {@code name} afresh: whatever ran under the name is stopped first. */
    public Running startFresh(ServiceKind kind, String name, StartOptions options) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            return startAnew(kind, name, options);
        }
    }

    /**
     * The server of {@code kind} that runs under {@code name}, answers and is what {@code options} would start,
     * its data made a fresh server's again ({@link Server#reset}); otherwise one started afresh. For a server
     * shared by the test modules of one run.
     */
    public Running reuseOrStart(ServiceKind kind, String name, StartOptions options) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            Optional<ServiceState> existing = StateFile.read(dir(name));
            ServiceSite site = site(name, kind);
            if (existing.isPresent() && existing.get().kind() == kind && server(kind).answering(site, existing.get())
                    && server(kind).startedAs(site, existing.get(), options) && Files.isRegularFile(site.propertiesFile())) {
                console.info(name + " (" + kind + ") runs and answers: reused");
                server(kind).reset(site, existing.get());
                return running(name, kind);
            }
            return startAnew(kind, name, options);
        }
    }

    /** Stops the service {@code name} and deletes its directory; false when there was none. */
    public boolean stop(String name) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            if (!Files.isDirectory(dir(name))) {
                return false;
            }
            stopUnlocked(name);
            return true;
        }
    }

    /** Stops every service under the directory; returns their names. */
    public List<String> stopAll() {
        List<String> stopped = new ArrayList<>();
        for (String name : names()) {
            if (stop(name)) {
                stopped.add(name);
            }
        }
        return stopped;
    }

    /** What runs under the directory, one entry per service with a state. */
    public List<ServiceStatus> status() {
        List<ServiceStatus> all = new ArrayList<>();
        for (String name : names()) {
            StateFile.read(dir(name)).ifPresent(state -> {
                ServiceSite site = site(name, state.kind());
                Map<String, String> properties = PropertiesFile.read(site.propertiesFile());
                if (state.kind() == ServiceKind.CASSANDRA) {
                    all.add(new ServiceStatus(name, state.kind(), ServiceStatus.Health.NODES,
                            CassandraCommands.nodeStates(Optional.of(ClusterState.of(state))), properties));
                } else if (state.kind() == ServiceKind.ETCD) {
                    all.add(new ServiceStatus(name, state.kind(), ServiceStatus.Health.NODES,
                            EtcdCommands.memberStates(EtcdServer.cluster(site, EtcdClusterState.of(state))),
                            properties));
                } else {
                    boolean answering = server(state.kind()).answering(site, state);
                    all.add(new ServiceStatus(name, state.kind(), answering ? ServiceStatus.Health.RUNNING
                            : ServiceStatus.Health.STALE, "", properties));
                }
            });
        }
        return all;
    }

    /** The processes of the server {@code name} (for Cassandra, its live nodes'); fails when there is none. */
    public List<Long> pids(String name) {
        checkName(name);
        ServiceState state = StateFile.read(dir(name)).orElseThrow(() ->
                CommandException.failed("no service named '" + name + "' under " + baseDir()));
        return server(state.kind()).pids(site(name, state.kind()), state);
    }

    /** Runs a membership command on the Cassandra cluster {@code name}; {@code node} for those that name a node. */
    public void membership(CassandraCommands.Command command, String name, String node) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            CassandraCommands.run(command, name, node, settings.cassandra(), console, time);
        }
    }

    /** The kind of the service {@code name}, when there is one. */
    public Optional<ServiceKind> kindOf(String name) {
        checkName(name);
        return StateFile.read(dir(name)).map(ServiceState::kind);
    }

    /** Runs a command on the etcd cluster {@code name}; {@code node} is its NODE argument, or null. */
    public void etcd(EtcdCommands.Command command, String name, String node) {
        checkName(name);
        try (ServiceLock lock = ServiceLock.acquire(baseDir(), name)) {
            EtcdCommands.run(command, EtcdCommands.require(site(name, ServiceKind.ETCD)), node, console, time);
        }
    }

    /** A service's name: letters, digits, '.', '_', '-', and not 'all' (which stop takes for every one). */
    public static String checkName(String name) {
        if (!name.matches("[A-Za-z0-9_.-]+") || name.equals("all")) {
            throw CommandException.badInput("NAME=" + name + ": use letters, digits, '.', '_', '-' (not 'all')");
        }
        return name;
    }

    private Running startAnew(ServiceKind kind, String name, StartOptions options) {
        Path dir = dir(name);
        if (Files.exists(dir)) {
            console.info("removing stale " + dir);
            stopUnlocked(name);
        }
        console.info("starting " + name + " (" + kind + ")");
        ServiceSite site = site(name, kind);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PropertiesFile.write(site.propertiesFile(), server(kind).start(site, options));
        return running(name, kind);
    }

    private Running running(String name, ServiceKind kind) {
        ServiceSite site = site(name, kind);
        console.info(name + " is running; properties also in " + site.propertiesFile() + " (pass with -P)");
        return new Running(name, kind, dir(name), PropertiesFile.read(site.propertiesFile()));
    }

    private void stopUnlocked(String name) {
        Path dir = dir(name);
        StateFile.read(dir).ifPresent(state -> server(state.kind()).stop(site(name, state.kind()), state));
        ServiceFiles.deleteTree(dir);
    }

    /** The services' names: the directories that hold a state file, in order. */
    private List<String> names() {
        if (!Files.isDirectory(baseDir())) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(baseDir())) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(StateFile.FILE_NAME)))
                    .map(d -> d.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path dir(String name) {
        return baseDir().resolve(name);
    }

    private ServiceSite site(String name, ServiceKind kind) {
        return new ServiceSite(name, dir(name),
                kind == ServiceKind.CASSANDRA ? settings.cassandra().timeout() : settings.timeout(), console, time);
    }

    private Server server(ServiceKind kind) {
        return servers.apply(kind);
    }

    /** The server of each kind, on this machine's free ports. */
    private static Server server(ServiceKind kind, ServicesSettings settings) {
        PortPicker ports = PortPicker.system();
        return switch (kind) {
            case REDIS -> new RedisServer(false, ports);
            case REDIS_PAIR -> new RedisServer(true, ports);
            case POSTGRES -> new PostgresServer(ports);
            case PROMETHEUS -> new PrometheusServer(ports);
            case CASSANDRA -> new CassandraServer(settings.cassandra(), ports);
            case ETCD -> new EtcdServer(ports);
        };
    }
}
