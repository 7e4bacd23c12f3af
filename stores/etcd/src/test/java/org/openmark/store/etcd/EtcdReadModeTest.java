package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;

/**
 * A serializable read passed off as linearizable is caught: a follower is stopped (SIGSTOP) while a writer
 * goes on through the leader, then let go; reads sent to it at once, while it catches up, are compared with the
 * last write acknowledged before each read began. Serializable reads are seen stale there (which shows the window
 * exists); linearizable ones never are, through the same member in the same window.
 */
@Tag("integration")
class EtcdReadModeTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    private static final String TABLE = "usertable";
    private static final String KEY = "counter";
    /**
     * Writes made while the follower is stopped, each with a record of ballast beside it: enough that it takes a
     * while to receive and apply them once let go.
     */
    private static final int WRITES_WHILE_STOPPED = 200;
    private static final byte[] BALLAST = new byte[64 * 1024];
    private static final int READS_AFTER = 200;

    @Test
    void followerBehind_serializableReadsStale_linearizableNever() throws Exception {
        EtcdTestCluster.empty(CLUSTER);
        int leader = EtcdTestCluster.leader(CLUSTER);
        int follower = leader % 3 + 1;
        long stale = 0;
        for (int tries = 0; tries < 3 && stale == 0; tries++) {
            stale = staleReads(leader, follower, "serializable");
        }
        assertTrue(stale > 0, "no serializable read of the follower was stale in 3 tries: the window this test needs"
                + " was not there");
        assertEquals(0, staleReads(leader, follower, "linearizable"), "linearizable reads returned stale values");
    }

    /** Stale reads among {@value #READS_AFTER} sent to {@code follower} in {@code mode} as it catches up. */
    private long staleReads(int leader, int follower, String mode) throws Exception {
        String leaderUrl = CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",")[leader - 1];
        try (Store writes = new EtcdStoreFactory().open(CLUSTER.properties("etcd.endpoints=" + leaderUrl));
                Store reads = new EtcdStoreFactory().open(CLUSTER.properties("etcd.readmode=" + mode,
                        "etcd.member=" + follower));
                Session writer = writes.newSession(); Session reader = reads.newSession()) {
            AtomicLong acknowledged = new AtomicLong();
            write(writer, acknowledged, 0);
            long pid = EtcdTestCluster.pid(CLUSTER, follower);
            EtcdTestCluster.signal(pid, "STOP");
            try {
                for (long v = 1; v <= WRITES_WHILE_STOPPED; v++) {
                    assertEquals(Status.OK, writer.insert(TABLE, "ballast" + v % 20, Map.of("b", BALLAST)));
                    write(writer, acknowledged, v);
                }
            } finally {
                EtcdTestCluster.signal(pid, "CONT");
            }
            Thread writing = Thread.ofPlatform().start(() -> {
                for (long v = WRITES_WHILE_STOPPED + 1; v <= WRITES_WHILE_STOPPED + READS_AFTER; v++) {
                    write(writer, acknowledged, v);
                }
            });
            long stale = 0;
            for (int i = 0; i < READS_AFTER; i++) {
                long before = acknowledged.get();
                Map<String, byte[]> result = new HashMap<>();
                assertEquals(Status.OK, reader.read(TABLE, KEY, null, result), reader::lastFailure);
                if (Long.parseLong(new String(result.get("v"), StandardCharsets.US_ASCII)) < before) {
                    stale++;
                }
            }
            writing.join();
            return stale;
        }
    }

    private static void write(Session writer, AtomicLong acknowledged, long value) {
        Status status = writer.insert(TABLE, KEY, Map.of("v", Long.toString(value).getBytes(StandardCharsets.US_ASCII)));
        if (status != Status.OK) {
            throw new AssertionError("write " + value + ": " + status + " " + writer.lastFailure());
        }
        acknowledged.set(value);
    }
}
