package org.openmark.services.redis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Packages;
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
 * A Redis server without persistence (NAME/primary), or a primary and a replica of it (NAME/replica) for
 * staleness. Each runs in the foreground of a session of its own, its process recorded in the state; it is
 * up when it answers PING, a replica when its INFO says its link to the primary is up.
 */
public final class RedisServer implements Server {
    static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(50);

    private final boolean pair;
    private final PortPicker ports;

    /** A single server ({@code pair} false) or a primary and its replica. */
    public RedisServer(boolean pair, PortPicker ports) {
        this.pair = pair;
        this.ports = ports;
    }

    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        Path redis = Packages.require("redis-server", "redis-server", "redis-server", site.console());
        ServiceKind kind = pair ? ServiceKind.REDIS_PAIR : ServiceKind.REDIS;
        Instance primary = startOne(site, redis, site.dir().resolve("primary"), OptionalInt.empty());
        ServiceState state = ServiceState.of(kind, "port", primary.port, "pid", primary.pid);
        site.writeState(state);
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("redis.host", HOST);
        properties.put("redis.port", Integer.toString(primary.port));
        if (pair) {
            Instance replica = startOne(site, redis, site.dir().resolve("replica"), OptionalInt.of(primary.port));
            site.writeState(state.with("replica_port", replica.port).with("replica_pid", replica.pid));
            if (!site.waitFor(POLL).until(() -> linked(replica.port))) {
                throw CommandException.failed("the replica on port " + replica.port + " did not link to the primary on port "
                        + primary.port + "; see " + site.dir().resolve("replica/redis.log"));
            }
            properties.put("redis.replica.host", HOST);
            properties.put("redis.replica.port", Integer.toString(replica.port));
        }
        return properties;
    }

    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        if (!ping((int) state.number("port"))) {
            return false;
        }
        return state.value("replica_port").map(p -> ping(Integer.parseInt(p))).orElse(true);
    }

    /** Empties every database (a replica follows its primary). */
    @Override
    public void reset(ServiceSite site, ServiceState state) {
        String reply = RedisCall.ask(HOST, (int) state.number("port"), "FLUSHALL").orElse("no reply");
        if (!reply.equals("OK")) {
            throw CommandException.failed("FLUSHALL on " + site.name() + " answered: " + reply);
        }
        state.value("replica_port").ifPresent(p -> site.waitFor(POLL).until(() ->
                RedisCall.ask(HOST, Integer.parseInt(p), "DBSIZE").filter(n -> n.equals("0")).isPresent()));
    }

    @Override
    public void stop(ServiceSite site, ServiceState state) {
        if (state.value("replica_port").isPresent()) {
            stopOne(site, (int) state.number("replica_port"), state.value("replica_pid").map(Long::parseLong).orElse(0L));
        }
        stopOne(site, (int) state.number("port"), state.value("pid").map(Long::parseLong).orElse(0L));
    }

    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        List<Long> pids = new ArrayList<>(List.of(state.number("pid")));
        state.value("replica_pid").map(Long::parseLong).ifPresent(pids::add);
        return pids;
    }

    /** The configuration of one server in {@code dir}: loopback only, nothing saved, a replica of {@code primaryPort}. */
    static String config(Path dir, int port, OptionalInt primaryPort) {
        StringBuilder conf = new StringBuilder()
                .append("bind ").append(HOST).append('\n')
                .append("port ").append(port).append('\n')
                .append("daemonize no\n")
                .append("logfile \"").append(dir.resolve("redis.log")).append("\"\n")
                .append("dir \"").append(dir).append("\"\n")
                .append("save \"\"\n")
                .append("appendonly no\n")
                // a replica links at once instead of after the default 5 s diskless-sync delay
                .append("repl-diskless-sync-delay 0\n");
        primaryPort.ifPresent(p -> conf.append("replicaof ").append(HOST).append(' ').append(p).append('\n'));
        return conf.toString();
    }

    /** True when INFO replication of the server on {@code port} says its link to the primary is up. */
    static boolean linkUp(String info) {
        return info.lines().anyMatch(l -> l.strip().equals("master_link_status:up"));
    }

    private record Instance(int port, long pid) {
    }

    /** Starts one server in {@code dir}; a port taken meanwhile gets another try on another port. */
    private Instance startOne(ServiceSite site, Path redis, Path dir, OptionalInt primaryPort) {
        return PortAttempts.start(site, ports, "redis-server", dir.resolve("redis.log"), port -> {
            Path conf = dir.resolve("redis.conf");
            ServiceFiles.write(conf, config(dir, port, primaryPort));
            long pid = Processes.launch(List.of(redis.toString(), conf.toString()), dir.resolve("redis.out"));
            if (site.waitFor(POLL).until(() -> ping(port) || Processes.gone(pid)) && ping(port)) {
                return Optional.of(new Instance(port, pid));
            }
            stopOne(site, port, pid);
            return Optional.empty();
        });
    }

    /** SHUTDOWN NOSAVE, then a kill when the process is still there (and still a redis-server). */
    private static void stopOne(ServiceSite site, int port, long pid) {
        RedisCall.ask(HOST, port, "SHUTDOWN", "NOSAVE");
        if (pid > 0 && !site.waitFor(POLL).until(() -> Processes.gone(pid))
                && Processes.commandLine(pid).filter(c -> c.contains("redis-server")).isPresent()) {
            Processes.kill(pid, site.time(), site.timeout());
        }
    }

    private static boolean ping(int port) {
        return RedisCall.ask(HOST, port, "PING").filter("PONG"::equals).isPresent();
    }

    private static boolean linked(int replicaPort) {
        return RedisCall.ask(HOST, replicaPort, "INFO", "replication").filter(RedisServer::linkUp).isPresent();
    }
}
