package org.openmark.services.etcd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StateFile;

/**
 * An etcd cluster as the manager left it: the server binary, the two ports every member shares (each on its own
 * address) and every member, in index order. In the state file: {@code etcd}, {@code client_port},
 * {@code peer_port}, {@code nodes}, and per member I {@code node.I.pid}, {@code node.I.up}.
 */
public record EtcdClusterState(Path etcd, int clientPort, int peerPort, List<EtcdMember> members) {

    public EtcdClusterState {
        members = List.copyOf(members);
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).index() != i + 1) {
                throw new IllegalArgumentException("members must be 1.." + members.size() + " in order: " + members);
            }
        }
    }

    /** Member {@code index}, if the cluster has one. */
    public Optional<EtcdMember> member(int index) {
        return index >= 1 && index <= members.size() ? Optional.of(members.get(index - 1)) : Optional.empty();
    }

    /** The members meant to run (not killed). */
    public List<EtcdMember> live() {
        return members.stream().filter(EtcdMember::up).toList();
    }

    /** This state with {@code member} in its place. */
    public EtcdClusterState with(EtcdMember member) {
        List<EtcdMember> changed = new ArrayList<>(members);
        changed.set(member.index() - 1, member);
        return new EtcdClusterState(etcd, clientPort, peerPort, changed);
    }

    /** {@code http://127.0.0.I:PORT} of member {@code member}'s clients. */
    public String clientUrl(EtcdMember member) {
        return "http://" + member.ip() + ":" + clientPort;
    }

    /** {@code http://127.0.0.I:PORT} of member {@code member}'s peers. */
    public String peerUrl(EtcdMember member) {
        return "http://" + member.ip() + ":" + peerPort;
    }

    /** Every member's client URL, comma-separated: the store's {@code etcd.endpoints}. */
    public String endpoints() {
        return members.stream().map(this::clientUrl).collect(Collectors.joining(","));
    }

    /** {@code node1=http://127.0.0.1:P,...}: etcd's {@code --initial-cluster}. */
    public String initialCluster() {
        return members.stream().map(m -> m.name() + "=" + peerUrl(m)).collect(Collectors.joining(","));
    }

    /** The cluster in {@code dir}, or empty when there is none (or it is another kind's). */
    public static Optional<EtcdClusterState> read(Path dir) {
        return StateFile.read(dir).filter(s -> s.kind() == ServiceKind.ETCD).map(EtcdClusterState::of);
    }

    /** This cluster as a state file holds it. */
    public ServiceState toState() {
        ServiceState state = ServiceState.of(ServiceKind.ETCD, "etcd", etcd, "client_port", clientPort,
                "peer_port", peerPort, "nodes", members.size());
        for (EtcdMember m : members) {
            state = state.with("node." + m.index() + ".pid", m.pid()).with("node." + m.index() + ".up", m.up());
        }
        return state;
    }

    /** The cluster a state file holds; throws naming the key that is missing or malformed. */
    public static EtcdClusterState of(ServiceState state) {
        int count = (int) state.number("nodes");
        List<EtcdMember> members = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            members.add(new EtcdMember(i, state.number("node." + i + ".pid"),
                    Boolean.parseBoolean(state.required("node." + i + ".up"))));
        }
        return new EtcdClusterState(Path.of(state.required("etcd")), (int) state.number("client_port"),
                (int) state.number("peer_port"), members);
    }
}
