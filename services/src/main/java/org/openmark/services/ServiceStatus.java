package org.openmark.services;

import java.util.Map;
import java.util.stream.Collectors;
import org.openmark.services.server.ServiceKind;

/**
 * One service as {@code status} lists it.
 *
 * @param nodes for a Cassandra cluster, "node1=up node2=down node3=removed"; empty otherwise
 */
public record ServiceStatus(String name, ServiceKind kind, Health health, String nodes, Map<String, String> properties) {

    /** Whether the server answers: a cluster says it per node instead. */
    public enum Health { RUNNING, STALE, NODES }

    /** The line {@code status} prints for it. */
    public String line() {
        String props = properties.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return switch (health) {
            case NODES -> name + " (" + kind + ") " + nodes + ": " + props;
            case RUNNING -> name + " (" + kind + ") running: " + props;
            case STALE -> name + " (" + kind + ") not running (stale; 'stop " + name + "' removes it)";
        };
    }
}
