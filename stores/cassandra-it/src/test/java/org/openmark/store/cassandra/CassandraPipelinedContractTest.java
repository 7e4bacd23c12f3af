package org.openmark.store.cassandra;

import org.openmark.api.Store;
import org.openmark.store.contract.StartedCalls;

/**
 * The Session contract on the pipelined session ({@code cassandra.pipelined=true}, the default):
 * every single call of {@link CassandraContractTest} is started, flushed and waited for, as the
 * open and closed models start them.
 */
class CassandraPipelinedContractTest extends CassandraContractTest {
    @Override
    protected Store openStore() {
        return StartedCalls.of(super.openStore());
    }
}
