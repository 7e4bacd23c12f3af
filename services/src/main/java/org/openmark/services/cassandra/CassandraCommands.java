package org.openmark.services.cassandra;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.openmark.services.server.Console;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Processes;
import org.openmark.services.server.Time;

/**
 * The commands that change a running cluster's membership, run under the service's lock:
 * <pre>
 *   add-node NAME                one more node, bootstrapped
 *   kill-node NAME NODE          SIGKILL, as a crash
 *   start-node NAME NODE         a killed node again, its hints replayed
 *   decommission-node NAME NODE  streams its ranges to the others and leaves
 *   remove-node NAME NODE        a killed node taken out; the other replicas stream its copies
 * </pre>
 */
public final class CassandraCommands {
    private CassandraCommands() {
    }

    /** The membership commands, as they are typed. */
    public enum Command {
        ADD_NODE("add-node", false), KILL_NODE("kill-node", true), START_NODE("start-node", true),
        DECOMMISSION_NODE("decommission-node", true), REMOVE_NODE("remove-node", true);

        private final String word;
        private final boolean takesNode;

        Command(String word, boolean takesNode) {
            this.word = word;
            this.takesNode = takesNode;
        }

        public String word() {
            return word;
        }

        /** True when the command names a node after the cluster (NAME NODE). */
        public boolean takesNode() {
            return takesNode;
        }

        public static Optional<Command> of(String word) {
            return Arrays.stream(values()).filter(c -> c.word.equals(word)).findFirst();
        }
    }

    /** Runs {@code command} on the cluster {@code name}; {@code node} is the NODE argument of those that take one. */
    public static void run(Command command, String name, String node, CassandraSettings settings, Console console,
            Time time) {
        Membership membership = new Membership(Cluster.require(name, settings, console, time), ZoneId.systemDefault());
        switch (command) {
            case ADD_NODE -> membership.addNode(PortPicker.system());
            case KILL_NODE -> membership.killNode(node);
            case START_NODE -> membership.startNode(node);
            case DECOMMISSION_NODE -> membership.decommissionNode(node);
            case REMOVE_NODE -> membership.removeNode(node);
        }
    }

    /** "node1=up node2=down node3=removed": removed slots, live processes, the rest down. */
    public static String nodeStates(Optional<ClusterState> state) {
        List<String> states = new ArrayList<>();
        for (NodeSlot n : state.map(ClusterState::nodes).orElse(List.of())) {
            String word = n.status() == NodeStatus.REMOVED ? "removed"
                    : n.pid() > 0 && !Processes.gone(n.pid()) ? "up" : "down";
            states.add("node" + n.index() + "=" + word);
        }
        return String.join(" ", states);
    }
}
