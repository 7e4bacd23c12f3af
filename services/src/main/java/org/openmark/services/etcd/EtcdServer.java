package org.openmark.services.etcd;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Packages;
import org.openmark.services.server.PortAttempts;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Server;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StartOptions;

/**
 * An etcd cluster of N members on 127.0.0.1..N (Debian's etcd-server, installed when missing and running as
 * root), every member's data under NAME/nodeI. Up when every live member answers and follows a leader.
 */
public final class EtcdServer implements Server {
    /** How long one question to a member may take. */
    static final Duration ASK_TIMEOUT = Duration.ofSeconds(2);

    private final PortPicker ports;

    public EtcdServer(PortPicker ports) {
        this.ports = ports;
    }

    /** The manager of the cluster in {@code site}, on real processes. */
    public static EtcdCluster cluster(ServiceSite site, EtcdClusterState state) {
        return new EtcdCluster(site.name(), site.dir(), site.console(), site.time(), site.timeout(),
                EtcdCluster.Launcher.processes(site.time(), site.timeout()), EtcdGateway.http(ASK_TIMEOUT), state);
    }

    /** Starts every member at once (they elect a leader among themselves) and returns when each follows one. */
    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        Path etcd = Packages.require("etcd", "etcd-server", "etcd", site.console());
        int nodes = options.nodes();
        if (nodes < 1 || nodes > PortPicker.LOOPBACK_ADDRESSES) {
            throw CommandException.badInput("--nodes " + nodes + ": must be a number of members from 1 to "
                    + PortPicker.LOOPBACK_ADDRESSES);
        }
        long started = site.time().nanoTime();
        List<EtcdMember> members = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            members.add(EtcdMember.fresh(i));
        }
        EtcdCluster cluster = null;
        for (int attempt = 1; cluster == null; attempt++) {
            // a port picked free may be taken before a member binds it: then the whole cluster again, on others
            EtcdClusterState state = new EtcdClusterState(etcd, ports.pick(), ports.pick(), members);
            site.writeState(state.toState());
            EtcdCluster trying = cluster(site, state);
            site.console().info("starting etcd members 1-" + nodes + " on 127.0.0.1-" + nodes + " (client port "
                    + state.clientPort() + ", peer port " + state.peerPort() + ")");
            try {
                for (int i = 1; i <= nodes; i++) {
                    trying.launch(i);
                }
                for (int i = 1; i <= nodes; i++) {
                    trying.waitJoined(i);
                }
                cluster = trying;
            } catch (CommandException e) {
                trying.killAll();
                if (attempt == PortAttempts.ATTEMPTS) {
                    throw e;
                }
                site.console().info(e.getMessage() + " (attempt " + attempt + "); trying other ports");
                for (int i = 1; i <= nodes; i++) {
                    ServiceFiles.deleteTree(EtcdCommandLine.memberDir(site.dir(), i).resolve("data"));
                }
            }
        }
        String leader = cluster.leader().map(EtcdMember::name).orElse("none yet");
        site.console().info("all " + nodes + " etcd members follow a leader (" + leader + ") after "
                + Duration.ofNanos(site.time().nanoTime() - started).toMillis() + " ms");
        return properties(cluster.state());
    }

    /** What openmark needs: {@code etcd.endpoints}, every member's client URL. */
    static Map<String, String> properties(EtcdClusterState state) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("etcd.endpoints", state.endpoints());
        return properties;
    }

    /** Every live member's process runs and answers its status. */
    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        EtcdClusterState cluster = EtcdClusterState.of(state);
        EtcdCluster members = cluster(site, cluster);
        return !cluster.live().isEmpty() && cluster.live().stream().allMatch(m -> members.alive(m.index())
                && members.status(m.index()).isPresent());
    }

    /** As many members as asked for, every one live. */
    @Override
    public boolean startedAs(ServiceSite site, ServiceState state, StartOptions options) {
        EtcdClusterState cluster = EtcdClusterState.of(state);
        return cluster.members().size() == options.nodes() && cluster.live().size() == options.nodes();
    }

    /** Deletes every key (the revision goes on: etcd never goes back). */
    @Override
    public void reset(ServiceSite site, ServiceState state) {
        if (!cluster(site, EtcdClusterState.of(state)).deleteAll()) {
            throw CommandException.failed("no member of " + site.name() + " deleted its keys");
        }
    }

    /** Kills every member: the data is thrown away. */
    @Override
    public void stop(ServiceSite site, ServiceState state) {
        cluster(site, EtcdClusterState.of(state)).killAll();
    }

    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        return EtcdClusterState.of(state).live().stream().map(EtcdMember::pid).filter(p -> p > 0).toList();
    }
}
