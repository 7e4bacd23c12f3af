package org.openmark.cli;

import org.openmark.store.contract.ServicesFixture;

/**
 * The cli module's Cassandra cluster: three nodes, started once for all its test classes, or the one the
 * stores/cassandra module's tests left running in the run's shared services directory (bin/test).
 */
final class CassandraFixture {
    static final ServicesFixture NODES = ServicesFixture.of("cassandra", "--nodes", "3");

    private CassandraFixture() {
    }
}
