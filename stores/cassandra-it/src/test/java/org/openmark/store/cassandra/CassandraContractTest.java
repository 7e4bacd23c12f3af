package org.openmark.store.cassandra;

import java.util.Comparator;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/**
 * The Session contract against a real 3-node cluster, replication 3, reads and writes at QUORUM.
 * The tests share one store (opening a driver session costs about 2 s): each gets a view of it
 * whose close does nothing, after the keyspace's tables were emptied.
 */
class CassandraContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = CassandraCluster.NODES;
    private static CassandraStore shared;

    /** Closed after each class's last test; a subclass (the pipelined contract) shares the field, so it is cleared. */
    @AfterAll
    static void closeShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    /** A fresh, empty store: the keyspace's tables are emptied first. */
    @Override
    protected Store openStore() {
        if (shared == null) {
            shared = CassandraCluster.open("cassandra.keyspace=contract", "cassandra.replication=3",
                    "cassandra.readconsistency=QUORUM", "cassandra.writeconsistency=QUORUM", "fieldcount=" + FIELD_COUNT);
        }
        CassandraCluster.truncateAll(shared.driverSession(), "contract");
        return new Store() {
            @Override
            public Session newSession() {
                return shared.newSession();
            }

            @Override
            public boolean isKnownEmpty(String table) {
                return shared.isKnownEmpty(table);
            }

            @Override
            public Map<String, String> facts() {
                return shared.facts();
            }

            @Override
            public void close() {
                // the shared store is closed after the last test
            }
        };
    }

    /** UPDATE is an upsert in CQL, as in YCSB's binding. */
    @Override
    protected boolean updateUpserts() {
        return true;
    }

    /** INSERT writes the given columns and keeps the others. */
    @Override
    protected boolean insertMerges() {
        return true;
    }

    /** DELETE writes a tombstone without reading: it cannot tell a missing key. */
    @Override
    protected boolean deleteReportsMissing() {
        return false;
    }

    /** Scans go by token, as YCSB's binding: {@code token(y_id) >= token(start)}. */
    @Override
    protected Comparator<String> scanOrder() {
        return CassandraCluster.tokenOrder(shared.driverSession());
    }
}
