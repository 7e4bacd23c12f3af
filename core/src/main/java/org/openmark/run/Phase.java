package org.openmark.run;

/** The two phases of a YCSB-style benchmark. */
public enum Phase {
    /** Insert the initial records. */
    LOAD,
    /** Run the workload's operation mix. */
    RUN
}
