package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;

/** What the store does with what it did not write, and after it was closed: statuses, never exceptions. */
@Tag("integration")
class EtcdFailureTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    @Test
    void valueNotInTheStoresEncoding_readUpdateScanEndError() throws Exception {
        EtcdTestCluster.empty(CLUSTER);
        try (Client client = Client.builder().endpoints(CLUSTER.properties().get(EtcdConfig.ENDPOINTS).split(",")).build()) {
            client.getKVClient().put(ByteSequence.from("usertable/foreign", StandardCharsets.UTF_8),
                    ByteSequence.from("written by etcdctl", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
        }
        try (Store store = new EtcdStoreFactory().open(CLUSTER.properties()); Session session = store.newSession()) {
            assertEquals(Status.ERROR, session.read("usertable", "foreign", null, new HashMap<>()));
            assertNotNull(session.lastFailure());
            assertEquals(Status.ERROR, session.update("usertable", "foreign", Map.of("f", new byte[] {1})));
            List<Record> scanned = new ArrayList<>();
            assertEquals(Status.ERROR, session.scan("usertable", "", 10, null, scanned));
        }
    }

    @Test
    void storeClosed_callsEndWithAStatus() {
        Store store = new EtcdStoreFactory().open(CLUSTER.properties());
        Session session = store.newSession();
        store.close();
        Status read = session.read("usertable", "k", null, new HashMap<>());
        Status insert = session.insert("usertable", "k", Map.of("f", new byte[] {1}));
        assertTrue(read != Status.OK && read != Status.NOT_FOUND, read::toString);
        assertTrue(insert != Status.OK, insert::toString);
    }
}
