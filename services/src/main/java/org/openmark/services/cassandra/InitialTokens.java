package org.openmark.services.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of the nodes a cluster starts with, interleaved evenly over the Murmur3 ring. Nodes that
 * start together without bootstrapping would otherwise draw the same tokens from the allocator (it sees
 * the same ring) and take each other's ownership.
 */
public final class InitialTokens {
    private InitialTokens() {
    }

    /**
     * The {@code tokensPerNode} tokens of node {@code node} (1-based) of {@code nodes}: token k of node i is
     * at slot {@code k * nodes + i - 1} of {@code nodes * tokensPerNode} equal steps from the ring's lowest
     * token, so consecutive slots belong to consecutive nodes.
     */
    public static List<Long> of(int node, int nodes, int tokensPerNode) {
        if (node < 1 || node > nodes) {
            throw new IllegalArgumentException("node " + node + " of " + nodes);
        }
        // half a step: a whole step, 2^64 / slots, would not fit a long for one slot
        long halfStep = Long.MAX_VALUE / ((long) nodes * tokensPerNode);
        List<Long> tokens = new ArrayList<>(tokensPerNode);
        for (int k = 0; k < tokensPerNode; k++) {
            long slot = (long) k * nodes + node - 1;
            tokens.add(-Long.MAX_VALUE + slot * halfStep + slot * halfStep);
        }
        return tokens;
    }
}
