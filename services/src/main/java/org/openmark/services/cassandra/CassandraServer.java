package org.openmark.services.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Processes;
import org.openmark.services.server.Server;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StartOptions;

/**
 * A Cassandra cluster of N nodes on 127.0.0.1..N ({@link Cluster}); {@link Membership} changes it later. Up when
 * every live node's process runs and answers on the CQL port.
 */
public final class CassandraServer implements Server {
    private final CassandraSettings settings;
    private final PortPicker ports;

    public CassandraServer(CassandraSettings settings, PortPicker ports) {
        this.settings = settings;
        this.ports = ports;
    }

    /**
     * Starts the first seed alone, then the others together (nodes that do not bootstrap may join at once), and
     * returns when every node sees every node Up/Normal.
     */
    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        int nodes = options.nodes();
        if (nodes < 1 || nodes > CassandraSettings.MAX_NODES) {
            throw CommandException.badInput("--nodes " + nodes + ": must be a number of nodes from 1 to "
                    + CassandraSettings.MAX_NODES);
        }
        long started = site.time().nanoTime();
        ServerInstall install = new ServerInstall(settings, site.console(), site.time());
        Path java = install.java();
        Path lib = install.lib();
        List<NodeSlot> slots = new ArrayList<>();
        int cqlPort = ports.pick();
        int storagePort = ports.pick();
        for (int i = 1; i <= nodes; i++) {
            slots.add(NodeSlot.fresh(i, ports.pick()));
        }
        ClusterState state = new ClusterState(settings.version(), java, lib, cqlPort, storagePort,
                Math.min(nodes, CassandraSettings.MAX_SEEDS), slots);
        Path dir = site.dir();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Cluster cluster = new Cluster(site.name(), settings, site.console(), site.time(), state);
        cluster.update(state);
        ServiceFiles.write(dir.resolve(ClusterLayout.LOGBACK), ServerConfig.logback());
        ServiceFiles.write(dir.resolve(ClusterLayout.LOGBACK_TOOLS), ServerConfig.logbackTools());
        Path wrapper = dir.resolve(ClusterLayout.NODETOOL);
        ServiceFiles.write(wrapper, ServerConfig.nodetoolWrapper(dir, java, lib));
        if (!wrapper.toFile().setExecutable(true)) {
            throw CommandException.failed("cannot make " + wrapper + " executable");
        }
        for (int i = 1; i <= nodes; i++) {
            cluster.writeNodeFiles(i, false);
        }
        site.console().info("starting cassandra " + settings.version() + " node 1 of " + nodes + " on " + NodeSlot.ip(1)
                + " (" + java + ")");
        cluster.launch(1, ServerJvm.FIRST_START);
        cluster.waitCql(1);
        if (nodes > 1) {
            site.console().info("node 1 is up after " + site.time().secondsSince(started) + " s; starting nodes 2-" + nodes);
            for (int i = 2; i <= nodes; i++) {
                cluster.launch(i, ServerJvm.FIRST_START);
            }
            for (int i = 2; i <= nodes; i++) {
                cluster.waitCql(i);
            }
        }
        cluster.waitRing();
        site.console().info("all " + nodes + " cassandra nodes are up and normal after " + site.time().secondsSince(started)
                + " s");
        return ServerConfig.properties(cluster.state());
    }

    /** Every live member's process runs and accepts connections on the CQL port. */
    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        ClusterState cluster = ClusterState.of(state);
        return !cluster.live().isEmpty() && cluster.live().stream().allMatch(n -> n.pid() > 0 && !Processes.gone(n.pid())
                && PortPicker.connects(n.ip(), cluster.cqlPort()));
    }

    /**
     * As many members as {@code options} asks for, every one live: what a fresh start gives (a slot removed by
     * decommission-node or remove-node is no member; a node killed and not started again is).
     */
    @Override
    public boolean startedAs(ServiceSite site, ServiceState state, StartOptions options) {
        ClusterState cluster = ClusterState.of(state);
        return cluster.members().size() == options.nodes() && cluster.live().size() == options.nodes();
    }

    /**
     * Nothing: emptying a cluster means dropping keyspaces, a schema change every node must agree on; the tests
     * that share one each use keyspaces of their own.
     */
    @Override
    public void reset(ServiceSite site, ServiceState state) {
        // see above
    }

    /**
     * Kills every node: the data is thrown away, so they are killed rather than drained (SIGTERM takes 10-20 s).
     */
    @Override
    public void stop(ServiceSite site, ServiceState state) {
        ClusterState cluster = ClusterState.of(state);
        Cluster nodes = new Cluster(site.name(), settings, site.console(), site.time(), cluster);
        cluster.nodes().forEach(n -> nodes.kill(n.index()));
    }

    /** The live nodes' processes. */
    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        return ClusterState.of(state).live().stream().map(NodeSlot::pid).filter(p -> p > 0).toList();
    }
}
