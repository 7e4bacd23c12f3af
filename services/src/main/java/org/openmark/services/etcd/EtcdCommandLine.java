package org.openmark.services.etcd;

import java.nio.file.Path;
import java.util.List;

/**
 * How a member is started: Debian's etcd with its data, WAL and log under NAME/nodeI, on its own loopback address.
 * The same command starts it again on its data after kill-node (etcd then ignores the initial-cluster flags).
 */
public final class EtcdCommandLine {
    private EtcdCommandLine() {
    }

    /** Member {@code index}'s directory under the cluster's {@code dir}. */
    public static Path memberDir(Path dir, int index) {
        return dir.resolve(EtcdMember.name(index));
    }

    /** Member {@code index}'s log (what the process writes: etcd logs to stderr). */
    public static Path log(Path dir, int index) {
        return memberDir(dir, index).resolve("etcd.log");
    }

    /**
     * The command that runs member {@code index} of {@code state}, the cluster named {@code clusterName} in
     * {@code dir}. etcd's own timing defaults are kept (heartbeat 100 ms, election timeout 1 s): the failover a
     * user measures is the one etcd ships with.
     */
    public static List<String> member(Path dir, String clusterName, EtcdClusterState state, int index) {
        EtcdMember member = state.member(index).orElseThrow();
        return List.of(state.etcd().toString(),
                "--name", member.name(),
                "--data-dir", memberDir(dir, index).resolve("data").toString(),
                "--listen-client-urls", state.clientUrl(member),
                "--advertise-client-urls", state.clientUrl(member),
                "--listen-peer-urls", state.peerUrl(member),
                "--initial-advertise-peer-urls", state.peerUrl(member),
                "--initial-cluster", state.initialCluster(),
                "--initial-cluster-token", "openmark-" + clusterName,
                "--initial-cluster-state", "new",
                "--logger", "zap",
                "--log-outputs", "stderr");
    }
}
