package org.openmark.store.sim.model;

import java.util.List;
import java.util.Objects;

/**
 * One virtual node.
 *
 * @param name shown in the ground truth
 * @param latency the client latency added to every request the node serves
 * @param replicationDelay the delay after which a write applied at the primary becomes visible
 *     at this node (ignored for the primary, whose delay is 0)
 * @param maxOpsPerSecond λmax; 0 = unlimited
 * @param hiccups the node's stalls
 */
public record NodeSpec(String name, Distribution latency, Distribution replicationDelay, double maxOpsPerSecond,
        List<Hiccup> hiccups) {

    /** No delay at all (the primary's replication delay). */
    public static final Distribution ZERO = new Distribution.Constant(0);

    public NodeSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(replicationDelay, "replicationDelay");
        hiccups = List.copyOf(hiccups);
    }
}
