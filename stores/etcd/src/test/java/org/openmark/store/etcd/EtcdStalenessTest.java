package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessMeasurement;
import org.openmark.consistency.StalenessResult;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;

/**
 * The staleness measurement on the real 3-member cluster, writes to the leader alone and probes to a follower:
 * linearizable probes are checked against etcd's promise and none breaks it; serializable probes of the same
 * follower are not checked (staleness is what they may show) and the store names the member probed.
 */
@Tag("integration")
class EtcdStalenessTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    /** 300 writes at 200/s, each probed at 0, 1 and 5 ms: under two seconds. */
    private static final StalenessConfig CONFIG = new StalenessConfig(200, 300, 20, List.of(0.0, 1.0, 5.0),
            "usertable");

    @Test
    void linearizableProbesOfAFollower_noViolation() throws Exception {
        EtcdTestCluster.empty(CLUSTER);
        int leader = EtcdTestCluster.leader(CLUSTER);
        int follower = leader % 3 + 1;
        String leaderUrl = CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",")[leader - 1];
        try (Store store = new EtcdStoreFactory().open(CLUSTER.properties("etcd.readmode=linearizable",
                "etcd.member=" + follower, "etcd.writeto=leader"))) {
            assertEquals("leader " + leaderUrl, store.facts().get("writes"), "writes go to the leader alone");
            assertTrue(store.readsLinearizable());
            Timing real = Timing.real();
            StalenessResult r = new StalenessMeasurement(CONFIG, real.clock(), real.tasks(), new StopSignal()).run(store);

            assertTrue(r.linearizable(), "the store's promise was checked");
            assertTrue(r.writes() > 0 && r.reads() > 0, r.text());
            assertEquals(0, r.violations(), r.text());
            assertEquals(0, r.staleReads(), r.text());
            assertTrue(r.text().contains("[STALENESS], Violations, 0\n"), r.text());
        }
    }

    @Test
    void serializableProbesOfAFollower_notChecked_memberNamed() throws Exception {
        EtcdTestCluster.empty(CLUSTER);
        int follower = EtcdTestCluster.leader(CLUSTER) % 3 + 1;
        String followerUrl = CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",")[follower - 1];
        try (Store store = new EtcdStoreFactory().open(CLUSTER.properties("etcd.readmode=serializable",
                "etcd.member=" + follower, "etcd.writeto=leader"))) {
            assertEquals(followerUrl, store.readMember());
            Timing real = Timing.real();
            StalenessResult r = new StalenessMeasurement(CONFIG, real.clock(), real.tasks(), new StopSignal()).run(store);

            assertEquals(false, r.linearizable());
            assertEquals(0, r.violations());
            assertTrue(r.writes() > 0, r.text());
        }
    }
}
