package org.openmark.services.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.server.PropertiesFile;
import org.openmark.services.server.StateFile;

class ServerConfigTest {
    private static final ClusterState THREE = ClusterStateTest.THREE;
    private static final Path NODE2 = Path.of("/srv/c/node2");

    private static List<String> lines(String text) {
        return text.lines().toList();
    }

    @Test
    void yaml_nodeThatStartsWithTheCluster_initialTokensNoBootstrap() {
        List<String> yaml = lines(ServerConfig.yaml(THREE, 2, false, NODE2, "256M"));
        assertTrue(yaml.contains("initial_token: -8454757700450211157,-6148914691236517207,-3843071682022823257,"
                + "-1537228672809129307,768614336404564643,3074457345618258593,5380300354831952543,7686143364045646493"), yaml
                .toString());
        assertTrue(yaml.contains("auto_bootstrap: false"));
        assertTrue(yaml.contains("num_tokens: 8"));
        assertFalse(yaml.stream().anyMatch(l -> l.startsWith("allocate_tokens")));
    }

    @Test
    void yaml_addressesPortsSeedsAndDirectories() {
        List<String> yaml = lines(ServerConfig.yaml(THREE, 2, false, NODE2, "256M"));
        assertEquals("# node 2 of a throwaway cluster written by bin/openmark-services", yaml.get(0));
        assertTrue(yaml.contains("      - seeds: \"127.0.0.1:30002,127.0.0.2:30002,127.0.0.3:30002\""), yaml.toString());
        assertTrue(yaml.contains("listen_address: 127.0.0.2"));
        assertTrue(yaml.contains("rpc_address: 127.0.0.2"));
        assertTrue(yaml.contains("storage_port: 30002"));
        assertTrue(yaml.contains("native_transport_port: 30001"));
        assertTrue(yaml.contains("  - /srv/c/node2/data"));
        assertTrue(yaml.contains("hints_directory: /srv/c/node2/hints"));
        assertTrue(yaml.contains("hints_flush_period: 10s"));
        assertTrue(yaml.contains("# small: a node runs in a 256M heap beside the others on one machine"));
    }

    @Test
    void yaml_nodeAdded_bootstrapsWithAllocatedTokens() {
        List<String> yaml = lines(ServerConfig.yaml(THREE, 4, true, Path.of("/srv/c/node4"), "256M"));
        assertTrue(yaml.contains("auto_bootstrap: true"));
        assertTrue(yaml.contains("allocate_tokens_for_local_replication_factor: 3"));
        assertFalse(yaml.stream().anyMatch(l -> l.startsWith("initial_token")));
        assertTrue(yaml.contains("listen_address: 127.0.0.4"));
    }

    @Test
    void nodetoolWrapper_readsTheNodesJmxPortFromTheState(@TempDir Path dir) throws Exception {
        // a "java" that prints its arguments stands for the server's
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/usr/bin/env bash\necho \"$@\"\n");
        assertTrue(java.toFile().setExecutable(true));
        StateFile.write(dir, THREE.toState());
        Path wrapper = dir.resolve("nodetool");
        Files.writeString(wrapper, ServerConfig.nodetoolWrapper(dir, java, Path.of("/cache/lib")));

        String said = run(List.of("bash", wrapper.toString(), "-n", "2", "status"));
        assertTrue(said.startsWith("-Xmx128M -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djdk.attach.allowAttachSelf=true"),
                said);
        assertTrue(said.endsWith(" -Dlogback.configurationFile=" + dir + "/conf/logback-tools.xml -cp /cache/lib/*"
                + " org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p 30012 status\n"), said);
        assertTrue(run(List.of("bash", wrapper.toString(), "info")).endsWith("-p 30011 info\n"));
    }

    @Test
    void nodetoolWrapper_noSuchNode_exit2(@TempDir Path dir) throws Exception {
        StateFile.write(dir, THREE.toState());
        Path wrapper = dir.resolve("nodetool");
        Files.writeString(wrapper, ServerConfig.nodetoolWrapper(dir, Path.of("/bin/false"), Path.of("/cache/lib")));
        Process p = new ProcessBuilder("bash", wrapper.toString(), "-n", "7", "status").redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor());
        assertEquals("nodetool: -n 7: no such node in " + dir + "/state\n", said);
    }

    @Test
    void properties_membersOnly_andTheirFlags() {
        Map<String, String> properties = ServerConfig.properties(THREE);
        assertEquals("{cassandra.hosts=127.0.0.1,127.0.0.2, cassandra.port=30001, cassandra.datacenter=datacenter1}",
                properties.toString());
        assertEquals("-p cassandra.hosts=127.0.0.1,127.0.0.2 -p cassandra.port=30001 -p cassandra.datacenter=datacenter1",
                PropertiesFile.flags(properties));
    }

    @Test
    void serverPom_namesTheVersion() {
        assertTrue(ServerConfig.serverPom("5.0.6").contains("<artifactId>cassandra-all</artifactId><version>5.0.6</version>"));
    }

    private static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
