package org.openmark.services.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Processes;
import org.openmark.services.server.PropertiesFile;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.StateFile;
import org.openmark.services.server.Time;
import org.openmark.services.server.Wait;

/**
 * One cluster under its directory: its state (kept here and written through {@link StateFile} on every
 * change), its nodes' processes, nodetool, and the waits for what the nodes say.
 */
public final class Cluster {
    private static final Duration CQL_POLL = Duration.ofMillis(500);
    private static final Duration NODETOOL_POLL = Duration.ofSeconds(1);

    final String name;
    final Path dir;
    final CassandraSettings settings;
    final Console console;
    final Time time;
    private ClusterState state;

    Cluster(String name, CassandraSettings settings, Console console, Time time, ClusterState state) {
        this.name = name;
        this.dir = settings.serviceDir(name);
        this.settings = settings;
        this.console = console;
        this.time = time;
        this.state = state;
    }

    /** The cluster named {@code name}, or a failure naming where none was found. */
    static Cluster require(String name, CassandraSettings settings, Console console, Time time) {
        return new Cluster(name, settings, console, time, ClusterState.read(settings.serviceDir(name)).orElseThrow(() ->
                CommandException.failed("no cassandra service named '" + name + "' under " + settings.baseDir()
                        + " (start one: openmark-services start cassandra)")));
    }

    ClusterState state() {
        return state;
    }

    void update(ClusterState changed) {
        state = changed;
        StateFile.write(dir, state.toState());
    }

    NodeSlot node(int index) {
        return state.node(index).orElseThrow();
    }

    /** Exit 2 unless {@code arg} is a member's slot (up or down). */
    NodeSlot memberArg(String arg) {
        List<NodeSlot> members = state.members();
        return members.stream().filter(n -> Integer.toString(n.index()).equals(arg)).findFirst().orElseThrow(() ->
                CommandException.badInput("NODE=" + arg + ": must be a node of the cluster: "
                        + String.join(" ", members.stream().map(n -> Integer.toString(n.index())).toList())));
    }

    /** Creates node {@code index}'s directories and cassandra.yaml. */
    void writeNodeFiles(int index, boolean autoBootstrap) {
        Path nodeDir = ClusterLayout.nodeDir(dir, index);
        try {
            for (String d : ClusterLayout.DATA_DIRS) {
                Files.createDirectories(nodeDir.resolve(d));
            }
            Files.createDirectories(nodeDir.resolve("logs"));
            Files.writeString(nodeDir.resolve(ClusterLayout.YAML),
                    ServerConfig.yaml(state, index, autoBootstrap, nodeDir, settings.heap()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts node {@code index} in the background, with extra JVM options; its files must exist. */
    void launch(int index, List<String> extraOptions) {
        NodeSlot node = node(index);
        List<String> command = ServerJvm.node(dir, state, node, settings.heap(), settings.ringDelay().toMillis(), extraOptions);
        update(state.with(node.launched(Processes.launch(command, ClusterLayout.stdoutLog(dir, index)))));
    }

    /** True when node {@code index}'s process runs. */
    boolean alive(int index) {
        long pid = node(index).pid();
        return pid > 0 && !Processes.gone(pid);
    }

    /**
     * Kills node {@code index}'s process, if that process is still node {@code index}'s (a pid can outlive
     * its process, and the number be given to another).
     */
    void kill(int index) {
        long pid = node(index).pid();
        String yaml = ClusterLayout.nodeDir(dir, index).resolve(ClusterLayout.YAML).toString();
        if (pid > 0 && Processes.commandLine(pid).filter(c -> c.contains(yaml)).isPresent()) {
            Processes.kill(pid, time, CassandraSettings.KILL_TIMEOUT);
        }
    }

    /** Runs nodetool on node {@code index} and returns what it printed (stdout and stderr). */
    Processes.Output nodetool(int index, String... args) {
        return Processes.capture(ServerJvm.nodetool(dir, state, node(index), List.of(args)), settings.timeout());
    }

    /**
     * Runs nodetool on node {@code index} with its output in {@code output}, for a change that takes a
     * while (join, decommission, removenode); false when it failed or outlasted the timeout, after
     * printing what it said before its stack trace.
     */
    boolean nodetoolChange(int index, Path output, String... args) {
        int exit = Processes.run(ServerJvm.nodetool(dir, state, node(index), List.of(args)), output, settings.timeout());
        if (exit == 0) {
            return true;
        }
        console.raw(NodetoolOutput.beforeStackTrace(ServiceFiles.read(output)));
        return false;
    }

    /** Waits until node {@code index} answers CQL, or fails naming its log; stops early when the process dies. */
    void waitCql(int index) {
        String ip = NodeSlot.ip(index);
        Wait wait = Wait.of(time, settings.timeout(), CQL_POLL);
        while (!PortPicker.connects(ip, state.cqlPort())) {
            if (!alive(index)) {
                console.raw(ServiceFiles.tail(ServiceFiles.lines(ClusterLayout.stdoutLog(dir, index)), 15));
                throw CommandException.failed("cassandra node " + index + " (" + ip + ") exited while starting; see "
                        + ClusterLayout.systemLog(dir, index));
            }
            if (wait.expired()) {
                throw CommandException.failed("cassandra node " + index + " (" + ip + ") did not answer CQL on port "
                        + state.cqlPort() + " within " + settings.timeout().toSeconds() + " s; see "
                        + ClusterLayout.systemLog(dir, index));
            }
            wait.pause();
        }
    }

    /**
     * Waits until every live node sees every live node Up and Normal (UN in its nodetool status): a client
     * learns the cluster from the peers of whichever node it reaches first, and right after a start one node
     * can already see all while another does not yet.
     */
    void waitRing() {
        List<NodeSlot> live = state.live();
        Wait wait = Wait.of(time, settings.timeout(), NODETOOL_POLL);
        for (NodeSlot n : live) {
            while (true) {
                String out = nodetool(n.index(), "status").text();
                long seen = NodetoolOutput.upNormal(out);
                if (seen >= live.size()) {
                    break;
                }
                if (wait.expired()) {
                    console.raw(out);
                    throw CommandException.failed("cassandra node " + n.index() + " sees only " + seen + " of "
                            + live.size() + " nodes Up/Normal after " + settings.timeout().toSeconds()
                            + " s (its nodetool status above)");
                }
                wait.pause();
            }
        }
    }

    /**
     * Waits until node {@code index} agrees with every live member on one schema version (nodetool
     * describecluster on it): a node that streams before it has the keyspaces streams nothing of them.
     */
    void waitSchema(int index) {
        List<String> ips = state.live().stream().map(NodeSlot::ip).toList();
        Wait wait = Wait.of(time, settings.timeout(), NODETOOL_POLL);
        while (true) {
            Processes.Output out = nodetool(index, "describecluster");
            String text = out.ok() ? out.text() : "";
            if (NodetoolOutput.schemaAgreed(text, ips)) {
                return;
            }
            if (!alive(index)) {
                throw CommandException.failed("cassandra node " + index + " exited before it joined; see "
                        + ClusterLayout.systemLog(dir, index));
            }
            if (wait.expired()) {
                console.raw(out.text());
                throw CommandException.failed("cassandra node " + index + " did not agree with the cluster on its schema within "
                        + settings.timeout().toSeconds() + " s (its describecluster above)");
            }
            wait.pause();
        }
    }

    /**
     * Waits until node {@code via}'s failure detector has convicted node {@code index} (DN in its nodetool
     * status): until then Cassandra refuses to remove a node it believes alive.
     */
    void waitSeenDown(int via, int index) {
        Wait wait = Wait.of(time, settings.timeout(), NODETOOL_POLL);
        if (!wait.until(() -> NodetoolOutput.seenDown(nodetool(via, "status").text(), NodeSlot.ip(index)))) {
            throw CommandException.failed("node " + via + " still believes node " + index + " alive after "
                    + settings.timeout().toSeconds() + " s");
        }
    }

    /** Writes NAME.properties from the members. */
    void writeProperties() {
        PropertiesFile.write(ClusterLayout.properties(dir), ServerConfig.properties(state));
    }

    /** Prints the properties: the {@code -p} line on stdout, where they also are on stderr. */
    void printProperties() {
        PropertiesFile.print(console, name, ClusterLayout.properties(dir));
    }

    /** The lines of node {@code index}'s log so far: what a command logs is counted from there. */
    int logMark(int index) {
        return ServiceFiles.lines(ClusterLayout.systemLog(dir, index)).size();
    }

    /** The lines of node {@code index}'s log after {@code mark}. */
    List<String> logSince(int index, int mark) {
        List<String> all = ServiceFiles.lines(ClusterLayout.systemLog(dir, index));
        return all.subList(Math.min(mark, all.size()), all.size());
    }
}
