package org.openmark.services.cassandra;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The files a cluster's nodes and tools read, as text: nothing here writes a file or reads a clock. */
public final class ServerConfig {
    private ServerConfig() {
    }

    /**
     * Node {@code node}'s cassandra.yaml: the nodes that start together get initial tokens (they do not
     * bootstrap); a node added later bootstraps and lets the allocator choose its tokens for a replication
     * of 3.
     */
    public static String yaml(ClusterState state, int node, boolean autoBootstrap, Path nodeDir, String heap) {
        String tokens = autoBootstrap
                ? "allocate_tokens_for_local_replication_factor: 3"
                : "initial_token: " + InitialTokens.of(node, state.nodes().size(), CassandraSettings.TOKENS_PER_NODE)
                        .stream().map(String::valueOf).collect(Collectors.joining(","));
        return """
                # node %1$d of a throwaway cluster written by bin/openmark-services
                cluster_name: openmark
                num_tokens: %2$d
                %3$s
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                auto_bootstrap: %4$s
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "%5$s"
                listen_address: %6$s
                rpc_address: %6$s
                storage_port: %7$d
                native_transport_port: %8$d
                endpoint_snitch: SimpleSnitch
                data_file_directories:
                  - %9$s/data
                commitlog_directory: %9$s/commitlog
                saved_caches_directory: %9$s/saved_caches
                hints_directory: %9$s/hints
                cdc_raw_directory: %9$s/cdc_raw
                commitlog_sync: periodic
                commitlog_sync_period: 10000ms
                commitlog_segment_size: 8MiB
                # small: a node runs in a %10$s heap beside the others on one machine
                memtable_heap_space: 32MiB
                memtable_offheap_space: 32MiB
                key_cache_size: 8MiB
                concurrent_compactors: 1
                concurrent_reads: 16
                concurrent_writes: 16
                # throwaway data: TRUNCATE and DROP need no snapshot
                auto_snapshot: false
                # the traces openmark reads for PBS live a day, not the default week
                trace_type_query_ttl: 1d
                trace_type_repair_ttl: 1d
                # hints wait in memory this long before listpendinghints (and start-node) sees them
                hints_flush_period: %11$ds
                """.formatted(node, CassandraSettings.TOKENS_PER_NODE, tokens, autoBootstrap, state.seeds(),
                NodeSlot.ip(node), state.storagePort(), state.cqlPort(), nodeDir, heap,
                CassandraSettings.HINTS_FLUSH_PERIOD.toSeconds());
    }

    /** The nodes' logging: each node writes its logs directory's system.log. */
    public static String logback() {
        return """
                <configuration scan="false">
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>${cassandra.logdir}/system.log</file>
                    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="FILE"/></root>
                  <logger name="org.apache.cassandra" level="INFO"/>
                </configuration>
                """;
    }

    /** nodetool's logging: warnings on stderr, nothing in a node's log. */
    public static String logbackTools() {
        return """
                <configuration scan="false">
                  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.err</target>
                    <encoder><pattern>%-5level %msg%n</pattern></encoder>
                  </appender>
                  <root level="WARN"><appender-ref ref="STDERR"/></root>
                </configuration>
                """;
    }

    /**
     * NAME/nodetool, for users and tests: {@code nodetool [-n NODE] ARGS...} runs nodetool against node
     * NODE's JMX port (default node 1), which it reads from the state file, so nodes added later need no
     * new wrapper.
     */
    public static String nodetoolWrapper(Path dir, Path java, Path lib) {
        List<String> options = new java.util.ArrayList<>(ServerJvm.TOOL_OPTIONS);
        options.addAll(ServerJvm.MODULE_OPTIONS);
        return """
                #!/usr/bin/env bash
                # nodetool for the cluster in %1$s: nodetool [-n NODE] ARGS... (default node 1)
                node=1
                if [[ ${1:-} == -n ]]; then node=$2; shift 2; fi
                jmx=$(sed -n "s/^node\\.$node\\.jmx_port=//p" "%1$s/%2$s")
                [[ -n $jmx ]] || { echo "nodetool: -n $node: no such node in %1$s/%2$s" >&2; exit 2; }
                exec "%3$s" %4$s \\
                  -Dlogback.configurationFile="%1$s/%5$s" -cp "%6$s/*" \\
                  %7$s -h 127.0.0.1 -p "$jmx" "$@"
                """.formatted(dir, org.openmark.services.server.StateFile.FILE_NAME, java, String.join(" ", options), ClusterLayout.LOGBACK_TOOLS, lib,
                ServerJvm.NODETOOL_CLASS);
    }

    /** The pom through which Maven resolves the server's jars (cassandra-all and its runtime dependencies). */
    public static String serverPom(String version) {
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <!-- generated by bin/openmark-services to resolve the Cassandra server's jars -->
                  <groupId>org.openmark.services</groupId><artifactId>cassandra-server</artifactId><version>1</version>
                  <packaging>pom</packaging>
                  <dependencies>
                    <dependency><groupId>org.apache.cassandra</groupId><artifactId>cassandra-all</artifactId><version>%s</version></dependency>
                  </dependencies>
                </project>
                """.formatted(version);
    }

    /** NAME.properties: what openmark needs to reach the cluster through its members. */
    public static Map<String, String> properties(ClusterState state) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("cassandra.hosts", state.members().stream().map(NodeSlot::ip).collect(Collectors.joining(",")));
        properties.put("cassandra.port", Integer.toString(state.cqlPort()));
        properties.put("cassandra.datacenter", CassandraSettings.DATACENTER);
        return properties;
    }
}
