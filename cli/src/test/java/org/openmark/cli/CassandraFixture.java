package org.openmark.cli;

import org.openmark.store.contract.ServicesFixture;

/** The cli module's Cassandra cluster: three nodes, started once for all its test classes. */
final class CassandraFixture {
    static final ServicesFixture NODES = ServicesFixture.of("cassandra", "--nodes", "3");

    private CassandraFixture() {
    }
}
