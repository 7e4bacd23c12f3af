package org.openmark.store.etcd;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/**
 * The Session contract every binding keeps, against a real 3-member etcd cluster, with linearizable reads (the
 * default). Every call of the store is a started one ({@link org.openmark.api.PipelinedSession}) and a blocking
 * call is that one waited for, so this is the pipelined path's contract too.
 */
@Tag("integration")
class EtcdContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture CLUSTER = EtcdTestCluster.fixture();

    @Override
    protected Store openStore() {
        EtcdTestCluster.empty(CLUSTER);
        return new EtcdStoreFactory().open(CLUSTER.properties());
    }
}
