package org.openmark.services.server;

/**
 * What {@code start} may be told besides the kind and the name.
 *
 * @param nodes how many Cassandra nodes (1 when not given; only Cassandra takes it)
 */
public record StartOptions(int nodes) {
    public static final StartOptions DEFAULT = new StartOptions(1);
}
