package org.openmark.store.sim.engine;

/** The kinds of operation the simulated store serves. */
public enum SimOp {
    READ,
    SCAN,
    UPDATE,
    INSERT,
    DELETE;

    /** True for update, insert and delete (served by the primary). */
    public boolean isWrite() {
        return this == UPDATE || this == INSERT || this == DELETE;
    }
}
