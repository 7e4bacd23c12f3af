package org.openmark.store.sim.model;

/** Which node serves reads and scans. Writes always go to the primary. */
public enum ReadPreference {
    /** Always the primary (reads are never stale). */
    PRIMARY,
    /** A uniformly chosen secondary. */
    SECONDARY,
    /** A uniformly chosen node, the primary included. */
    RANDOM,
    /** The node with the smallest mean client latency (the first such node on a tie). */
    NEAREST
}
