package org.openmark.services.cassandra;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.Wait;

/**
 * Membership changes: add-node, kill-node, start-node, decommission-node, remove-node. Each returns when
 * the cluster has done what a real cluster does for it, not when a process started: a node added has the
 * cluster's schema before it streams and is Up/Normal with its ranges streamed; a node started again after
 * a crash has had its hints replayed; a node decommissioned or removed has had its ranges streamed to the
 * others. Each prints what it took and what moved (from the nodes' logs: the streaming sessions' own byte
 * counts).
 */
final class Membership {
    private final Cluster cluster;
    private final ZoneId zone;

    Membership(Cluster cluster, ZoneId zone) {
        this.cluster = cluster;
        this.zone = zone;
    }

    /**
     * A new node joins the ring and bootstraps: it streams its ranges from the others. It starts outside
     * the ring (join_ring=false), joins once it has the cluster's schema (nodetool join, which returns when
     * the bootstrap streamed everything), and the command returns when every node sees it Up/Normal.
     */
    void addNode(PortPicker ports) {
        long started = cluster.time.nanoTime();
        ClusterState state = cluster.state();
        int i = state.freeSlot();
        if (i > CassandraSettings.MAX_NODES) {
            throw CommandException.failed("cassandra '" + cluster.name + "' has " + state.nodes().size()
                    + " nodes; at most " + CassandraSettings.MAX_NODES + " are supported");
        }
        state.node(i).ifPresent(this::waitQuarantine);
        Path nodeDir = ClusterLayout.nodeDir(cluster.dir, i);
        ServiceFiles.deleteTree(nodeDir);
        cluster.update(state.with(NodeSlot.fresh(i, ports.pick())));
        cluster.writeNodeFiles(i, true);
        cluster.console.info("adding cassandra node " + i + " on " + NodeSlot.ip(i)
                + ": it joins once it has the cluster's schema, then bootstraps (streams its token ranges)");
        cluster.launch(i, ServerJvm.OUTSIDE_THE_RING);
        cluster.waitSchema(i);
        long schemaSeconds = cluster.time.secondsSince(started);
        long joinStarted = cluster.time.nanoTime();
        if (!cluster.nodetoolChange(i, nodeDir.resolve("join.out"), "join")) {
            List<String> errors = ServiceFiles.lines(ClusterLayout.systemLog(cluster.dir, i)).stream()
                    .filter(l -> l.contains("ERROR") || l.contains("Exception")).toList();
            cluster.console.raw(ServiceFiles.tail(errors, 5));
            cluster.kill(i);
            cluster.update(cluster.state().with(cluster.node(i).removed(cluster.time.epochSeconds())));
            throw CommandException.failed("cassandra node " + i + " did not join (nodetool join failed or took more than "
                    + cluster.settings.timeout().toSeconds() + " s); it was stopped; see "
                    + ClusterLayout.systemLog(cluster.dir, i));
        }
        // a node started outside the ring does not start its native transport (CQL) when it joins
        cluster.nodetool(i, "enablebinary");
        cluster.waitCql(i);
        cluster.waitRing();
        cluster.writeProperties();
        List<String> log = cluster.logSince(i, 0);
        ServerLog.Streamed streamed = ServerLog.streamed(log, ServerLog.Direction.RECEIVING);
        Optional<Instant> from = ServerLog.firstLineWith(log, "Executing streaming plan for Bootstrap")
                .flatMap(l -> ServerLog.time(l, zone));
        Optional<Instant> to = ServerLog.firstLineWith(log, "Bootstrap completed").flatMap(l -> ServerLog.time(l, zone));
        cluster.console.info("node " + i + " joined after " + cluster.time.secondsSince(started) + " s: schema agreed after "
                + schemaSeconds + " s; bootstrap " + cluster.time.secondsSince(joinStarted) + " s (ring delay "
                + cluster.settings.ringDelay().toSeconds() + " s, streaming " + ServerLog.secondsBetween(from, to) + " s: "
                + streamed.filesText() + " received, " + ServerLog.humanBytes(streamed.bytes()) + "; its load "
                + NodetoolOutput.load(cluster.nodetool(i, "info").text()) + ")");
        cluster.printProperties();
    }

    /** Kills node {@code arg} at once (SIGKILL), as a crash; its data stays for start-node. */
    void killNode(String arg) {
        NodeSlot node = cluster.memberArg(arg);
        cluster.kill(node.index());
        cluster.update(cluster.state().with(cluster.node(node.index()).down()));
        cluster.console.info("cassandra node " + node.index() + " (" + node.ip() + ") killed");
    }

    /**
     * Starts a killed node again on its data; returns when every node sees it Up/Normal and the others have
     * replayed the hints they kept for it while it was down.
     */
    void startNode(String arg) {
        int i = cluster.memberArg(arg).index();
        long started = cluster.time.nanoTime();
        if (cluster.alive(i)) {
            cluster.console.info("cassandra node " + i + " is running");
            return;
        }
        // The others replay their hints for it as soon as they see it up, a file being written included, which
        // listpendinghints does not show until it is closed: what was replayed is counted from their logs.
        Map<Integer, Integer> marks = new LinkedHashMap<>();
        for (NodeSlot l : cluster.state().live()) {
            marks.put(l.index(), cluster.logMark(l.index()));
        }
        cluster.launch(i, List.of());
        cluster.waitCql(i);
        cluster.waitRing();
        long upSeconds = cluster.time.secondsSince(started);
        long upAt = cluster.time.nanoTime();
        // a hint waits in memory up to hints_flush_period before it is in a file listpendinghints shows: the
        // wait is for after that, until none is left
        cluster.time.sleep(CassandraSettings.HINTS_FLUSH_PERIOD);
        long pending = pendingHints(i);
        Wait wait = Wait.of(cluster.time, cluster.settings.timeout(), Duration.ofSeconds(1));
        while (pending > 0) {
            if (wait.expired()) {
                throw CommandException.failed("cassandra node " + i + " is up, but the others still hold " + pending
                        + " hint files for it after " + cluster.settings.timeout().toSeconds()
                        + " s (nodetool listpendinghints)");
            }
            wait.pause();
            pending = pendingHints(i);
        }
        List<String> logs = new ArrayList<>();
        marks.forEach((node, mark) -> logs.addAll(cluster.logSince(node, mark)));
        long hints = ServerLog.hintFilesReplayedTo(logs, NodeSlot.ip(i));
        cluster.console.info("cassandra node " + i + " (" + NodeSlot.ip(i) + ") is up again after " + upSeconds + " s; "
                + (hints > 0 ? "the others replayed " + hints + " hint files for it within "
                        + cluster.time.secondsSince(upAt) + " s" : "the others replayed no hints for it"));
    }

    /**
     * Node {@code arg} streams its ranges to the nodes that take them over, leaves the ring and stops.
     * Cassandra refuses when fewer nodes would remain than a keyspace's replicas.
     */
    void decommissionNode(String arg) {
        int i = cluster.memberArg(arg).index();
        long started = cluster.time.nanoTime();
        if (!cluster.alive(i)) {
            throw CommandException.failed("cassandra node " + i + " is down: start-node it first, or remove-node " + i
                    + " takes its ranges from the other replicas");
        }
        int mark = cluster.logMark(i);
        cluster.console.info("decommissioning cassandra node " + i + " (" + NodeSlot.ip(i)
                + "): it streams its ranges to the others and leaves");
        if (!cluster.nodetoolChange(i, ClusterLayout.nodeDir(cluster.dir, i).resolve("decommission.out"), "decommission")) {
            throw CommandException.failed("cassandra node " + i + " was not decommissioned (nodetool decommission failed"
                    + " or took more than " + cluster.settings.timeout().toSeconds() + " s); it still runs");
        }
        ServerLog.Streamed streamed = ServerLog.streamed(cluster.logSince(i, mark), ServerLog.Direction.SENDING);
        retire(i);
        cluster.waitRing();
        cluster.console.info("node " + i + " left after " + cluster.time.secondsSince(started) + " s: it streamed "
                + streamed.filesText() + ", " + ServerLog.humanBytes(streamed.bytes()));
        cluster.printProperties();
    }

    /**
     * Takes a dead node out of the ring; the remaining replicas stream among themselves the copies it held
     * (nodetool removenode on a live node).
     */
    void removeNode(String arg) {
        int i = cluster.memberArg(arg).index();
        long started = cluster.time.nanoTime();
        if (cluster.alive(i)) {
            throw CommandException.failed("cassandra node " + i + " is running: kill-node " + i
                    + " first (remove-node takes a dead node out), or decommission-node " + i);
        }
        Map<Integer, Integer> marks = new LinkedHashMap<>();
        for (NodeSlot l : cluster.state().live()) {
            marks.put(l.index(), cluster.logMark(l.index()));
        }
        int via = marks.keySet().stream().findFirst().orElseThrow(() ->
                CommandException.failed("no live cassandra node to remove node " + i + " through"));
        String ip = NodeSlot.ip(i);
        String host = NodetoolOutput.hostId(cluster.nodetool(via, "status").text(), ip).orElseThrow(() ->
                CommandException.failed("node " + i + " (" + ip + ") is not in node " + via + "'s nodetool status"));
        cluster.waitSeenDown(via, i);
        cluster.console.info("removing cassandra node " + i + " (" + ip + ", host id " + host + ") through node " + via
                + ": the other replicas stream its copies");
        if (!cluster.nodetoolChange(via, ClusterLayout.nodeDir(cluster.dir, i).resolve("removenode.out"), "removenode",
                host)) {
            throw CommandException.failed("cassandra node " + i + " was not removed (nodetool removenode failed or took more"
                    + " than " + cluster.settings.timeout().toSeconds() + " s)");
        }
        List<String> logs = new ArrayList<>();
        marks.forEach((node, mark) -> logs.addAll(cluster.logSince(node, mark)));
        ServerLog.Streamed streamed = ServerLog.streamed(logs, ServerLog.Direction.RECEIVING);
        retire(i);
        cluster.waitRing();
        cluster.console.info("node " + i + " removed after " + cluster.time.secondsSince(started) + " s: the others streamed "
                + streamed.filesText() + ", " + ServerLog.humanBytes(streamed.bytes()));
        cluster.printProperties();
    }

    /** Takes node {@code i} out of the slots: its process and data go, its log stays. */
    private void retire(int i) {
        cluster.kill(i);
        Path nodeDir = ClusterLayout.nodeDir(cluster.dir, i);
        for (String d : ClusterLayout.DATA_DIRS) {
            ServiceFiles.deleteTree(nodeDir.resolve(d));
        }
        cluster.update(cluster.state().with(cluster.node(i).removed(cluster.time.epochSeconds())));
        cluster.writeProperties();
    }

    /** The hint files the live nodes other than {@code i} hold for it (their nodetool listpendinghints). */
    private long pendingHints(int i) {
        long files = 0;
        for (NodeSlot l : cluster.state().live()) {
            if (l.index() != i) {
                files += NodetoolOutput.pendingHintFiles(cluster.nodetool(l.index(), "listpendinghints").text(), NodeSlot.ip(i));
            }
        }
        return files;
    }

    /**
     * A node that left is ignored by the others' gossip for twice the ring delay (its quarantine): a new node
     * on its address waits that out, or the others would not hear of it.
     */
    private void waitQuarantine(NodeSlot slot) {
        if (slot.status() != NodeStatus.REMOVED) {
            return;
        }
        long quarantineSeconds = 2 * cluster.settings.ringDelay().toSeconds();
        long waitSeconds = quarantineRemaining(slot.removedAtEpochSeconds(), quarantineSeconds, cluster.time.epochSeconds());
        if (waitSeconds > 0) {
            String left = LocalTime.ofInstant(Instant.ofEpochSecond(slot.removedAtEpochSeconds()), zone)
                    .format(DateTimeFormatter.ofPattern("HH:mm:ss"));
            cluster.console.info("waiting " + waitSeconds + " s: node " + slot.index() + "'s address left the ring at "
                    + left + ", and the others ignore it for " + quarantineSeconds + " s (gossip quarantine)");
            cluster.time.sleep(Duration.ofSeconds(waitSeconds));
        }
    }

    /** Seconds still to wait for a quarantine that began at {@code leftEpochSeconds}, 2 s of margin included. */
    static long quarantineRemaining(long leftEpochSeconds, long quarantineSeconds, long nowEpochSeconds) {
        return leftEpochSeconds + quarantineSeconds + 2 - nowEpochSeconds;
    }
}
