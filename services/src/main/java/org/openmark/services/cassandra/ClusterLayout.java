package org.openmark.services.cassandra;

import java.nio.file.Path;

/**
 * Where a cluster's files lie under its directory NAME:
 * <pre>
 *   state                   the cluster's state ({@link StateFile})
 *   NAME.properties         the properties openmark needs (usable with -P)
 *   conf/logback*.xml       logging (each node writes nodeI/logs/system.log)
 *   nodetool                a wrapper: NAME/nodetool [-n I] ARGS... (node I's JMX, default 1)
 *   nodeI/cassandra.yaml    one configuration per node; nodeI/{data,commitlog,...} its files
 * </pre>
 */
public final class ClusterLayout {
    static final String YAML = "cassandra.yaml";
    static final String LOGBACK = "conf/logback.xml";
    static final String LOGBACK_TOOLS = "conf/logback-tools.xml";
    static final String NODETOOL = "nodetool";
    /** A node's directories that hold data: a node retired loses them, and keeps its logs. */
    static final String[] DATA_DIRS = {"data", "commitlog", "saved_caches", "hints", "cdc_raw"};

    private ClusterLayout() {
    }

    public static Path nodeDir(Path dir, int node) {
        return dir.resolve("node" + node);
    }

    public static Path systemLog(Path dir, int node) {
        return nodeDir(dir, node).resolve("logs/system.log");
    }

    public static Path stdoutLog(Path dir, int node) {
        return nodeDir(dir, node).resolve("logs/stdout.log");
    }

    public static Path properties(Path dir) {
        return dir.resolve(dir.getFileName() + ".properties");
    }
}
