package org.openmark.services.cassandra;

/**
 * What a node's slot is meant to be: running (its process may still have died), down (kill-node stopped
 * it; its data stays) or removed (decommission-node or remove-node took it out of the ring; add-node may
 * use the slot again).
 */
public enum NodeStatus {
    UP, DOWN, REMOVED;

    /** The word in the state file and in {@code status}. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static NodeStatus ofWord(String word) {
        for (NodeStatus s : values()) {
            if (s.word().equals(word)) {
                return s;
            }
        }
        throw new IllegalArgumentException("not a node status: '" + word + "'; allowed: up, down, removed");
    }
}
