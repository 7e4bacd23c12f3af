package org.openmark.pbs;

/**
 * The four one-way delays of the WARS model (Bailis et al., PBS, VLDB 2012), per replica.
 */
public enum WarsKind {
    /** Coordinator to replica for a write, until the replica serves the new value. */
    W,
    /** Replica to coordinator: the write's acknowledgement. */
    A,
    /** Coordinator to replica: the read request. */
    R,
    /** Replica to coordinator: the read response. */
    S
}
