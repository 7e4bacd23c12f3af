package org.openmark.services.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.FakeTime;
import org.openmark.services.server.TestServices;

/** The etcd manager's commands on fake processes and a fake gateway: what is launched, killed and asked of whom. */
class EtcdClusterTest {
    @TempDir
    Path dir;

    private final FakeTime time = new FakeTime();
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final FakeMembers members = new FakeMembers();

    @Test
    void commandLine_memberOnItsOwnAddressWithTheWholeInitialCluster() {
        EtcdClusterState state = state(3);
        List<String> line = EtcdCommandLine.member(Path.of("/s/e"), "e", state, 2);
        String joined = String.join(" ", line);
        assertEquals("/usr/bin/etcd", line.get(0));
        assertTrue(joined.contains("--name node2 --data-dir /s/e/node2/data"), joined);
        assertTrue(joined.contains("--listen-client-urls http://127.0.0.2:23790 --advertise-client-urls http://127.0.0.2:23790"),
                joined);
        assertTrue(joined.contains("--listen-peer-urls http://127.0.0.2:23800 --initial-advertise-peer-urls http://127.0.0.2:23800"),
                joined);
        assertTrue(joined.contains("--initial-cluster node1=http://127.0.0.1:23800,node2=http://127.0.0.2:23800,"
                + "node3=http://127.0.0.3:23800 --initial-cluster-token openmark-e"), joined);
        assertEquals("http://127.0.0.1:23790,http://127.0.0.2:23790,http://127.0.0.3:23790", state.endpoints());
    }

    @Test
    void state_throughTheStateFile_sameCluster() {
        EtcdClusterState state = state(3).with(new EtcdMember(2, 4242, false));
        assertEquals(state, EtcdClusterState.of(state.toState()));
    }

    @Test
    void memberStatus_gatewayJson_idsLeaderTermRevision() {
        MemberStatus status = MemberStatus.parse("{\"header\":{\"cluster_id\":\"16670331576592885842\",\"member_id\":"
                + "\"16485774041580022222\",\"revision\":\"17\",\"raft_term\":\"2\"},\"version\":\"3.4.23\",\"leader\":"
                + "\"8440317726056494749\",\"raftIndex\":\"8\",\"raftTerm\":\"2\",\"raftAppliedIndex\":\"8\"}").orElseThrow();
        assertEquals(new MemberStatus("16485774041580022222", "8440317726056494749", 2, 8, 17), status);
        assertFalse(status.isLeader());
        assertTrue(status.hasLeader());
        assertTrue(MemberStatus.parse("{\"error\":\"etcdserver: not leader\",\"code\":9}").isEmpty());
        assertEquals(Map.of("8440317726056494749", "node3", "15101859335780327642", "node1"), EtcdGateway.Http.names(
                "{\"members\":[{\"ID\":\"8440317726056494749\",\"name\":\"node3\",\"peerURLs\":[]},"
                        + "{\"ID\":\"15101859335780327642\",\"name\":\"node1\",\"peerURLs\":[]}]}"));
    }

    @Test
    void start_launchesEveryMemberAndWaitsUntilEachFollowsALeader() {
        EtcdCluster cluster = cluster(3);
        members.joinAfterPolls = 3;
        for (int i = 1; i <= 3; i++) {
            cluster.launch(i);
        }
        for (int i = 1; i <= 3; i++) {
            cluster.waitJoined(i);
        }
        assertEquals(List.of("launch node1", "launch node2", "launch node3"), members.calls.subList(0, 3));
        assertEquals(Optional.of(1), cluster.leader().map(EtcdMember::index));
        assertEquals(EtcdClusterState.read(dir), Optional.of(cluster.state()), "the state file follows the cluster");
    }

    @Test
    void killLeader_killsItsProcessAndReturnsOnceAnotherLeads() {
        EtcdCluster cluster = started(3);
        members.electAfterPolls = 4;
        EtcdCommands.run(EtcdCommands.Command.KILL_NODE, cluster, "leader", TestServices.console(said), time);
        assertTrue(members.calls.contains("kill " + members.pidOf(1)), members.calls.toString());
        assertFalse(cluster.state().member(1).orElseThrow().up());
        assertEquals(Optional.of(2), cluster.leader().map(EtcdMember::index));
        assertTrue(said.toString().contains("killed etcd member 1 (the leader)"), said.toString());
        assertTrue(said.toString().contains("node2 leads after 100 ms"), said.toString());
    }

    @Test
    void killLeader_noOtherLeaderInTime_failsSayingSo() {
        EtcdCluster cluster = started(3);
        members.electAfterPolls = Integer.MAX_VALUE;
        CommandException e = assertThrows(CommandException.class, () ->
                EtcdCommands.run(EtcdCommands.Command.KILL_NODE, cluster, "1", TestServices.console(said), time));
        assertTrue(e.getMessage().contains("no member of e other than node1 leads after 5 s"), e.getMessage());
    }

    @Test
    void moveLeader_askedOfTheLeaderWithTheTargetsId_returnsWhenTheTargetLeads() {
        EtcdCluster cluster = started(3);
        EtcdCommands.run(EtcdCommands.Command.MOVE_LEADER, cluster, "3", TestServices.console(said), time);
        assertTrue(members.calls.contains("transfer via http://127.0.0.1:23790 to id-3"), members.calls.toString());
        assertEquals(Optional.of(3), cluster.leader().map(EtcdMember::index));
        // not told where: the next live member after the leader
        EtcdCommands.run(EtcdCommands.Command.MOVE_LEADER, cluster, null, TestServices.console(said), time);
        assertEquals(Optional.of(1), cluster.leader().map(EtcdMember::index));
    }

    @Test
    void nodeArgument_notAMember_badInputNamingTheMembers() {
        EtcdCluster cluster = started(3);
        CommandException e = assertThrows(CommandException.class, () ->
                EtcdCommands.run(EtcdCommands.Command.KILL_NODE, cluster, "4", TestServices.console(said), time));
        assertEquals(2, e.exitCode());
        assertEquals("NODE=4: must be 'leader' or a member of e: 1 2 3", e.getMessage());
    }

    @Test
    void startNode_killedMemberLaunchedAgainOnItsData() {
        EtcdCluster cluster = started(3);
        EtcdCommands.run(EtcdCommands.Command.KILL_NODE, cluster, "2", TestServices.console(said), time);
        EtcdCommands.run(EtcdCommands.Command.START_NODE, cluster, "2", TestServices.console(said), time);
        assertTrue(cluster.state().member(2).orElseThrow().up());
        assertEquals(2, members.calls.stream().filter(c -> c.equals("launch node2")).count(), members.calls.toString());
        CommandException running = assertThrows(CommandException.class, () ->
                EtcdCommands.run(EtcdCommands.Command.START_NODE, cluster, "2", TestServices.console(said), time));
        assertEquals("NODE=2: member 2 runs already", running.getMessage());
    }

    private EtcdClusterState state(int nodes) {
        List<EtcdMember> list = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            list.add(EtcdMember.fresh(i));
        }
        return new EtcdClusterState(Path.of("/usr/bin/etcd"), 23790, 23800, list);
    }

    private EtcdCluster cluster(int nodes) {
        return new EtcdCluster("e", dir, TestServices.console(said), time, Duration.ofSeconds(5), members, members,
                state(nodes));
    }

    private EtcdCluster started(int nodes) {
        EtcdCluster cluster = cluster(nodes);
        for (int i = 1; i <= nodes; i++) {
            cluster.launch(i);
            cluster.waitJoined(i);
        }
        return cluster;
    }

    /**
     * Members that run nowhere: launched ones answer after {@code joinAfterPolls} questions, the lowest live
     * member leads, and after the leader is killed another is elected after {@code electAfterPolls} questions.
     */
    private static final class FakeMembers implements EtcdCluster.Launcher, EtcdGateway {
        final List<String> calls = new ArrayList<>();
        int joinAfterPolls;
        int electAfterPolls;
        private long nextPid = 100;
        private final Map<Integer, Long> pids = new HashMap<>();
        private final Map<Long, Integer> alive = new LinkedHashMap<>();
        private final Map<Integer, Integer> polls = new HashMap<>();
        private Integer leader;
        private int pollsSinceLeaderLost;

        long pidOf(int index) {
            return pids.get(index);
        }

        @Override
        public long launch(List<String> command, Path log) {
            int index = Integer.parseInt(command.get(command.indexOf("--name") + 1).substring(4));
            calls.add("launch node" + index);
            long pid = nextPid++;
            pids.put(index, pid);
            alive.put(pid, index);
            polls.put(index, 0);
            return pid;
        }

        @Override
        public void kill(long pid, String dataDirArgument) {
            calls.add("kill " + pid);
            Integer index = alive.remove(pid);
            if (index != null && index.equals(leader)) {
                leader = null;
                pollsSinceLeaderLost = 0;
            }
        }

        @Override
        public boolean alive(long pid) {
            return alive.containsKey(pid);
        }

        private Optional<Integer> running(String clientUrl) {
            int index = Integer.parseInt(clientUrl.substring("http://127.0.0.".length(), clientUrl.lastIndexOf(':')));
            return alive.containsValue(index) ? Optional.of(index) : Optional.empty();
        }

        @Override
        public Optional<MemberStatus> status(String clientUrl) {
            Optional<Integer> index = running(clientUrl);
            if (index.isEmpty() || polls.merge(index.get(), 1, Integer::sum) <= joinAfterPolls) {
                return Optional.empty();
            }
            if (leader == null) {
                if (pids.size() == alive.size() || ++pollsSinceLeaderLost > electAfterPolls) {
                    leader = alive.values().stream().min(Integer::compare).orElseThrow();
                } else {
                    return Optional.of(new MemberStatus("id-" + index.get(), "0", 1, 0, 0));
                }
            }
            return Optional.of(new MemberStatus("id-" + index.get(), "id-" + leader, 2, 0, 0));
        }

        @Override
        public Map<String, String> memberNames(String clientUrl) {
            Map<String, String> names = new LinkedHashMap<>();
            for (int i : pids.keySet()) {
                names.put("id-" + i, "node" + i);
            }
            return running(clientUrl).isPresent() ? names : Map.of();
        }

        @Override
        public boolean transferLeadership(String clientUrl, String targetId) {
            calls.add("transfer via " + clientUrl + " to " + targetId);
            if (running(clientUrl).filter(i -> i.equals(leader)).isEmpty()) {
                return false;
            }
            leader = Integer.parseInt(targetId.substring(3));
            return true;
        }

        @Override
        public boolean deleteAll(String clientUrl) {
            return true;
        }
    }
}
