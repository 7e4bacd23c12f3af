package org.openmark.pbs;

import java.util.Locale;
import org.openmark.config.ConfigException;

/** Which replicas a read contacts. */
public enum ReadFanout {
    /**
     * The read goes to all N replicas and the coordinator uses the first R responses (the PBS
     * paper's model, and Dynamo-style stores that send reads to every replica).
     */
    ALL,
    /**
     * The read goes to R replicas only, chosen at random, and waits for all of them (the model
     * of the Cassandra {@code nodetool predictconsistency} patch, CASSANDRA-4261).
     */
    QUORUM;

    /** The fan-out named {@code all} or {@code quorum}; {@code flag} names it in errors. */
    public static ReadFanout parse(String flag, String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "all" -> ALL;
            case "quorum" -> QUORUM;
            default -> throw ConfigException.of(flag, text, "allowed: all, quorum");
        };
    }

    /** The lower-case name used on the command line and in JSON. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
