package org.openmark.services.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openmark.services.CommandException;
import org.openmark.services.Console;
import org.openmark.services.Processes;
import org.openmark.services.Time;

/**
 * The Cassandra commands of bin/openmark-services, which takes each service's lock before it runs one:
 * <pre>
 *   start NAME [--nodes N]       N nodes (default 1) on 127.0.0.1..127.0.0.N; prints the properties
 *   add-node NAME                one more node, bootstrapped
 *   kill-node NAME NODE          SIGKILL, as a crash
 *   start-node NAME NODE         a killed node again, its hints replayed
 *   decommission-node NAME NODE  streams its ranges to the others and leaves
 *   remove-node NAME NODE        a killed node taken out; the other replicas stream its copies
 *   stop NAME                    kills every node and deletes the directory
 *   node-states NAME             "node1=up node2=down node3=removed", for bin/openmark-services status
 * </pre>
 */
public final class CassandraCommands {
    private static final String NODES = "--nodes";

    private CassandraCommands() {
    }

    /** Runs {@code args}; throws a {@link CommandException} for bad input (exit 2) or a failure (exit 1). */
    public static void run(String[] args, Map<String, String> env, Console console, Time time) {
        if (args.length == 0) {
            throw CommandException.badInput("cassandra: a command is needed; allowed: " + Command.allowed());
        }
        Command command = Command.of(args[0]);
        List<String> rest = List.of(args).subList(1, args.length);
        int arity = command.takesNode ? 2 : 1;
        if (command != Command.START && rest.size() != arity) {
            throw CommandException.badInput(command.word + ": takes " + (arity == 2 ? "NAME NODE" : "NAME") + ", not '"
                    + String.join(" ", rest) + "'");
        }
        CassandraSettings settings = CassandraSettings.fromEnvironment(env);
        String name = rest.isEmpty() ? "cassandra" : name(rest.get(0));
        switch (command) {
            case START -> start(name, nodes(rest), settings, console, time);
            case STOP -> stop(name, settings, console, time);
            case NODE_STATES -> console.result(nodeStates(StateFile.read(settings.serviceDir(name))));
            case ADD_NODE -> membership(name, settings, console, time).addNode(PortPicker.system());
            case KILL_NODE -> membership(name, settings, console, time).killNode(rest.get(1));
            case START_NODE -> membership(name, settings, console, time).startNode(rest.get(1));
            case DECOMMISSION_NODE -> membership(name, settings, console, time).decommissionNode(rest.get(1));
            case REMOVE_NODE -> membership(name, settings, console, time).removeNode(rest.get(1));
        }
    }

    /** The commands, as they are typed. */
    enum Command {
        START("start", false), STOP("stop", false), NODE_STATES("node-states", false), ADD_NODE("add-node", false),
        KILL_NODE("kill-node", true), START_NODE("start-node", true), DECOMMISSION_NODE("decommission-node", true),
        REMOVE_NODE("remove-node", true);

        final String word;
        final boolean takesNode;

        Command(String word, boolean takesNode) {
            this.word = word;
            this.takesNode = takesNode;
        }

        static Command of(String word) {
            for (Command c : values()) {
                if (c.word.equals(word)) {
                    return c;
                }
            }
            throw CommandException.badInput("cassandra: unknown command '" + word + "'; allowed: " + allowed());
        }

        static String allowed() {
            return java.util.Arrays.stream(values()).map(c -> c.word).collect(Collectors.joining(", "));
        }
    }

    /** A service's name: letters, digits, '.', '_', '-', and not 'all' (which stop takes for every one). */
    static String name(String name) {
        if (!name.matches("[A-Za-z0-9_.-]+") || name.equals("all")) {
            throw CommandException.badInput("NAME=" + name + ": use letters, digits, '.', '_', '-' (not 'all')");
        }
        return name;
    }

    /** The number of nodes {@code start NAME [--nodes N]} asks for: 1 to {@value CassandraSettings#MAX_NODES}. */
    static int nodes(List<String> startArgs) {
        List<String> options = startArgs.subList(Math.min(1, startArgs.size()), startArgs.size());
        if (options.isEmpty()) {
            return 1;
        }
        if (!options.get(0).equals(NODES)) {
            throw CommandException.badInput("unknown option '" + options.get(0) + "'");
        }
        String value = options.size() > 1 ? options.get(1) : "";
        if (options.size() > 2) {
            throw CommandException.badInput("unknown option '" + options.get(2) + "'");
        }
        if (value.matches("[0-9]{1,3}")) {
            int n = Integer.parseInt(value);
            if (n >= 1 && n <= CassandraSettings.MAX_NODES) {
                return n;
            }
        }
        throw CommandException.badInput(NODES + " " + value + ": must be a number of nodes from 1 to "
                + CassandraSettings.MAX_NODES);
    }

    /** "node1=up node2=down node3=removed": removed slots, live processes, the rest down. */
    static String nodeStates(Optional<ClusterState> state) {
        List<String> states = new ArrayList<>();
        for (NodeSlot n : state.map(ClusterState::nodes).orElse(List.of())) {
            String word = n.status() == NodeStatus.REMOVED ? "removed"
                    : n.pid() > 0 && !Processes.gone(n.pid()) ? "up" : "down";
            states.add("node" + n.index() + "=" + word);
        }
        return String.join(" ", states);
    }

    /**
     * Starts a cluster, or prints the properties of the one already running under the name. The first seed
     * starts alone, then the others together: nodes that do not bootstrap may join at once.
     */
    private static void start(String name, int nodes, CassandraSettings settings, Console console, Time time) {
        Path dir = settings.serviceDir(name);
        if (Files.isDirectory(dir)) {
            Optional<ClusterState> existing = StateFile.read(dir);
            if (existing.isPresent() && running(existing.get()) && Files.isRegularFile(ClusterLayout.properties(dir))) {
                new Cluster(name, settings, console, time, existing.get()).printProperties();
                return;
            }
            console.info("removing stale " + dir);
            stop(name, settings, console, time);
        }
        long started = time.nanoTime();
        ServerInstall install = new ServerInstall(settings, console, time);
        Path java = install.java();
        Path lib = install.lib();
        PortPicker ports = PortPicker.system();
        List<NodeSlot> slots = new ArrayList<>();
        int cqlPort = ports.pick();
        int storagePort = ports.pick();
        for (int i = 1; i <= nodes; i++) {
            slots.add(NodeSlot.fresh(i, ports.pick()));
        }
        ClusterState state = new ClusterState(settings.version(), java, lib, cqlPort, storagePort,
                Math.min(nodes, CassandraSettings.MAX_SEEDS), slots);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Cluster cluster = new Cluster(name, settings, console, time, state);
        cluster.update(state);
        Cluster.write(dir.resolve(ClusterLayout.LOGBACK), ServerConfig.logback());
        Cluster.write(dir.resolve(ClusterLayout.LOGBACK_TOOLS), ServerConfig.logbackTools());
        Path wrapper = dir.resolve(ClusterLayout.NODETOOL);
        Cluster.write(wrapper, ServerConfig.nodetoolWrapper(dir, java, lib));
        if (!wrapper.toFile().setExecutable(true)) {
            throw CommandException.failed("cannot make " + wrapper + " executable");
        }
        for (int i = 1; i <= nodes; i++) {
            cluster.writeNodeFiles(i, false);
        }
        console.info("starting cassandra " + settings.version() + " node 1 of " + nodes + " on " + NodeSlot.ip(1) + " ("
                + java + ")");
        cluster.launch(1, ServerJvm.FIRST_START);
        cluster.waitCql(1);
        if (nodes > 1) {
            console.info("node 1 is up after " + time.secondsSince(started) + " s; starting nodes 2-" + nodes);
            for (int i = 2; i <= nodes; i++) {
                cluster.launch(i, ServerJvm.FIRST_START);
            }
            for (int i = 2; i <= nodes; i++) {
                cluster.waitCql(i);
            }
        }
        cluster.waitRing();
        console.info("all " + nodes + " cassandra nodes are up and normal after " + time.secondsSince(started) + " s");
        cluster.writeProperties();
        cluster.printProperties();
    }

    /** True when every live member's process runs. */
    private static boolean running(ClusterState state) {
        return !state.nodes().isEmpty() && state.live().stream()
                .allMatch(n -> n.pid() > 0 && !Processes.gone(n.pid()));
    }

    /**
     * Kills every node and deletes the directory. The data is thrown away, so the nodes are killed rather
     * than drained (SIGTERM takes 10-20 s).
     */
    private static void stop(String name, CassandraSettings settings, Console console, Time time) {
        Path dir = settings.serviceDir(name);
        StateFile.read(dir).ifPresent(state -> {
            Cluster cluster = new Cluster(name, settings, console, time, state);
            state.nodes().forEach(n -> cluster.kill(n.index()));
        });
        Cluster.deleteTree(dir);
    }

    private static Membership membership(String name, CassandraSettings settings, Console console, Time time) {
        return new Membership(Cluster.require(name, settings, console, time), ZoneId.systemDefault());
    }
}
