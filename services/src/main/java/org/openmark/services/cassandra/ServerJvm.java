package org.openmark.services.cassandra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command lines of the server's JVM (a node) and of nodetool's. */
public final class ServerJvm {
    /**
     * The module exports and opens of Cassandra 5.0's conf/jvm17-server.options, which a JDK 17 needs
     * for the server and for nodetool.
     */
    static final List<String> MODULE_OPTIONS = List.of(
            "-Djdk.attach.allowAttachSelf=true",
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-exports", "java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports", "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports", "jdk.attach/sun.tools.attach=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "-Dio.netty.tryReflectionSetAccessible=true",
            "-Djava.net.preferIPv4Stack=true");
    /** nodetool's small, quickly started JVM. */
    static final List<String> TOOL_OPTIONS = List.of("-Xmx128M", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** The first nodes start together, none bootstrapping: there is no gossip to wait for to settle. */
    public static final List<String> FIRST_START = List.of("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    /** A node added starts outside the ring, and joins once it has the cluster's schema. */
    public static final List<String> OUTSIDE_THE_RING = List.of("-Dcassandra.join_ring=false");
    static final String NODETOOL_CLASS = "org.apache.cassandra.tools.NodeTool";

    private ServerJvm() {
    }

    /** The command that runs node {@code node} of the cluster in {@code dir}, with {@code extra} JVM options. */
    public static List<String> node(Path dir, ClusterState state, NodeSlot node, String heap, long ringDelayMillis,
            List<String> extra) {
        Path nodeDir = ClusterLayout.nodeDir(dir, node.index());
        List<String> command = new ArrayList<>(List.of(state.java().toString(), "-Xms" + heap, "-Xmx" + heap, "-Xss256k",
                "-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled", "-XX:MaxTenuringThreshold=1", "-XX:MaxGCPauseMillis=300",
                "-XX:+ExitOnOutOfMemoryError", "-XX:+PerfDisableSharedMem",
                "-XX:MaxDirectMemorySize=256M", "-XX:CICompilerCount=2"));
        command.addAll(MODULE_OPTIONS);
        command.addAll(List.of("-Dio.netty.allocator.useCacheForAllThreads=true", "-Dio.netty.allocator.maxOrder=11",
                "-Dcassandra.ring_delay_ms=" + ringDelayMillis));
        command.addAll(extra);
        command.addAll(List.of(
                "-Dcassandra.config=file://" + nodeDir.resolve(ClusterLayout.YAML),
                "-Dcassandra.storagedir=" + nodeDir,
                "-Dcassandra.logdir=" + nodeDir.resolve("logs"),
                "-Dlogback.configurationFile=" + dir.resolve(ClusterLayout.LOGBACK),
                "-Dcassandra.jmx.local.port=" + node.jmxPort(),
                "-Dcassandra-foreground=yes",
                "-cp", state.lib() + "/*", "org.apache.cassandra.service.CassandraDaemon"));
        return command;
    }

    /** The command that runs nodetool against node {@code node}'s JMX port. */
    public static List<String> nodetool(Path dir, ClusterState state, NodeSlot node, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(state.java().toString());
        command.addAll(TOOL_OPTIONS);
        command.addAll(MODULE_OPTIONS);
        command.addAll(List.of("-Dlogback.configurationFile=" + dir.resolve(ClusterLayout.LOGBACK_TOOLS),
                "-cp", state.lib() + "/*", NODETOOL_CLASS, "-h", "127.0.0.1", "-p", Integer.toString(node.jmxPort())));
        command.addAll(args);
        return command;
    }
}
