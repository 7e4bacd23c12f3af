package org.openmark.trace;

/** The store calls a replay issues again, by the names a trace records them under. */
enum ReplayedCall {
    READ("READ"),
    UPDATE("UPDATE"),
    INSERT("INSERT"),
    DELETE("DELETE"),
    SCAN("SCAN"),
    READ_MODIFY_WRITE("READ-MODIFY-WRITE");

    private final String recordedName;

    ReplayedCall(String recordedName) {
        this.recordedName = recordedName;
    }

    String recordedName() {
        return recordedName;
    }

    /** The call recorded as {@code name}, or null when a replay cannot issue it (a unit of work, a foreign name). */
    static ReplayedCall of(String name) {
        for (ReplayedCall c : values()) {
            if (c.recordedName.equals(name)) {
                return c;
            }
        }
        return null;
    }
}
