package org.openmark.services.cassandra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StateFile;

/**
 * A cluster as the manager left it: what runs the server, the ports every node shares (each node has
 * its own address), the seeds and every node's slot, in index order (slot i is node i). In the state file:
 * {@code version}, {@code java}, {@code lib}, {@code port}, {@code storage_port}, {@code seeds}, {@code nodes},
 * and per slot I {@code node.I.status}, {@code node.I.jmx_port} (the nodetool wrapper reads it), {@code
 * node.I.pid}, {@code node.I.removed_at}.
 *
 * @param cqlPort     the native transport port of every node
 * @param storagePort the gossip and messaging port of every node
 * @param seedCount   nodes 1..seedCount are the seeds
 */
public record ClusterState(String version, Path java, Path lib, int cqlPort, int storagePort, int seedCount,
        List<NodeSlot> nodes) {

    public ClusterState {
        nodes = List.copyOf(nodes);
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).index() != i + 1) {
                throw new IllegalArgumentException("node slots must be 1.." + nodes.size() + " in order: " + nodes);
            }
        }
    }

    /** Slot {@code index}, if the cluster has one. */
    public Optional<NodeSlot> node(int index) {
        return index >= 1 && index <= nodes.size() ? Optional.of(nodes.get(index - 1)) : Optional.empty();
    }

    /** The slots in the ring (up or down). */
    public List<NodeSlot> members() {
        return nodes.stream().filter(NodeSlot::member).toList();
    }

    /** The members meant to run (not killed). */
    public List<NodeSlot> live() {
        return nodes.stream().filter(n -> n.status() == NodeStatus.UP).toList();
    }

    /** The slot add-node takes: the lowest removed one, else one more. */
    public int freeSlot() {
        return nodes.stream().filter(n -> n.status() == NodeStatus.REMOVED).mapToInt(NodeSlot::index).findFirst()
                .orElse(nodes.size() + 1);
    }

    /** This state with {@code slot} in its place (or appended, when it is the next index). */
    public ClusterState with(NodeSlot slot) {
        List<NodeSlot> changed = new ArrayList<>(nodes);
        if (slot.index() == nodes.size() + 1) {
            changed.add(slot);
        } else {
            changed.set(slot.index() - 1, slot);
        }
        return new ClusterState(version, java, lib, cqlPort, storagePort, seedCount, changed);
    }

    /** The seeds' addresses with the storage port, as cassandra.yaml's seed provider takes them. */
    public String seeds() {
        List<String> seeds = new ArrayList<>();
        for (int i = 1; i <= seedCount; i++) {
            seeds.add(NodeSlot.ip(i) + ":" + storagePort);
        }
        return String.join(",", seeds);
    }

    /** The cluster in {@code dir}, or empty when there is none (or it is another kind's). */
    public static Optional<ClusterState> read(Path dir) {
        return StateFile.read(dir).filter(s -> s.kind() == ServiceKind.CASSANDRA).map(ClusterState::of);
    }

    /** This cluster as a state file holds it. */
    public ServiceState toState() {
        ServiceState state = ServiceState.of(ServiceKind.CASSANDRA, "version", version, "java", java, "lib", lib,
                "port", cqlPort, "storage_port", storagePort, "seeds", seedCount, "nodes", nodes.size());
        for (NodeSlot n : nodes) {
            String prefix = "node." + n.index() + ".";
            state = state.with(prefix + "status", n.status().word()).with(prefix + "jmx_port", n.jmxPort())
                    .with(prefix + "pid", n.pid()).with(prefix + "removed_at", n.removedAtEpochSeconds());
        }
        return state;
    }

    /** The cluster a state file holds; throws naming the key that is missing or malformed. */
    public static ClusterState of(ServiceState state) {
        int count = (int) state.number("nodes");
        List<NodeSlot> nodes = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String prefix = "node." + i + ".";
            nodes.add(new NodeSlot(i, (int) state.number(prefix + "jmx_port"), state.number(prefix + "pid"),
                    NodeStatus.ofWord(state.required(prefix + "status")), state.number(prefix + "removed_at")));
        }
        return new ClusterState(state.required("version"), Path.of(state.required("java")), Path.of(state.required("lib")),
                (int) state.number("port"), (int) state.number("storage_port"), (int) state.number("seeds"), nodes);
    }
}
