package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.NodeActivity;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;

/** The members' roles the store reports to a run's node track, before and after the leader is killed. */
@Tag("integration")
class EtcdMembersTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    @Test
    void role_ofAMemberAndTheLeaderItFollows() {
        assertEquals("leader", MemberWatch.role(7, 7));
        assertEquals("follower", MemberWatch.role(7, 9));
        assertEquals("no-leader", MemberWatch.role(7, 0));
    }

    @Test
    void nodeActivity_oneLeaderTwoFollowers_thenTheKilledLeaderUnreachableAndAnotherLeads() throws Exception {
        String[] endpoints = CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",");
        try (Store store = new EtcdStoreFactory().open(CLUSTER.properties())) {
            int leader = EtcdTestCluster.leader(CLUSTER);
            String leaderNode = endpoints[leader - 1].substring("http://".length());
            Map<String, String> roles = waitFor(store, r -> r.values().stream().filter("leader"::equals).count() == 1
                    && r.values().stream().filter("follower"::equals).count() == 2);
            assertEquals("leader", roles.get(leaderNode), roles.toString());
            CLUSTER.services("kill-node", "etcd", Integer.toString(leader));
            try {
                roles = waitFor(store, r -> r.get(leaderNode).equals("unreachable")
                        && r.values().stream().filter("leader"::equals).count() == 1);
                assertEquals(List.of(leaderNode), roles.entrySet().stream().filter(e -> e.getValue().equals("unreachable"))
                        .map(Map.Entry::getKey).toList(), roles.toString());
            } finally {
                CLUSTER.services("start-node", "etcd", Integer.toString(leader));
            }
        }
    }

    /** The roles the store reports once {@code wanted} holds of them (within 15 s). */
    private static Map<String, String> waitFor(Store store, Predicate<Map<String, String>> wanted) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        Map<String, String> roles = Map.of();
        while (System.nanoTime() < deadline) {
            roles = store.nodeActivity().stream().collect(Collectors.toMap(NodeActivity::node, NodeActivity::state));
            if (wanted.test(roles)) {
                return roles;
            }
            Thread.sleep(100);
        }
        return fail("the roles never became what was wanted: " + roles);
    }
}
