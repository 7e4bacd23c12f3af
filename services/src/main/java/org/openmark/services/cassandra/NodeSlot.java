package org.openmark.services.cassandra;

/**
 * One node of a cluster: node {@code index} listens on 127.0.0.{@code index}, with its own JMX port on
 * 127.0.0.1 (for nodetool).
 *
 * @param pid                   the process last launched for it, 0 when none
 * @param removedAtEpochSeconds when it left the ring (its gossip quarantine counts from there), 0 unless removed
 */
public record NodeSlot(int index, int jmxPort, long pid, NodeStatus status, long removedAtEpochSeconds) {

    /** A node about to be launched for the first time. */
    public static NodeSlot fresh(int index, int jmxPort) {
        return new NodeSlot(index, jmxPort, 0, NodeStatus.UP, 0);
    }

    /** Its loopback address. */
    public String ip() {
        return ip(index);
    }

    /** The loopback address of node {@code index}. */
    public static String ip(int index) {
        return "127.0.0." + index;
    }

    /** A member of the ring: up or down, not removed. */
    public boolean member() {
        return status != NodeStatus.REMOVED;
    }

    public NodeSlot launched(long newPid) {
        return new NodeSlot(index, jmxPort, newPid, NodeStatus.UP, 0);
    }

    public NodeSlot down() {
        return new NodeSlot(index, jmxPort, pid, NodeStatus.DOWN, 0);
    }

    public NodeSlot removed(long atEpochSeconds) {
        return new NodeSlot(index, jmxPort, 0, NodeStatus.REMOVED, atEpochSeconds);
    }
}
