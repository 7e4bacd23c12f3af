package org.openmark.store.cassandra;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Opens an Apache Cassandra cluster as a store ({@code --store cassandra}). */
public final class CassandraStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "cassandra";
    }

    @Override
    public String description() {
        return "an Apache Cassandra cluster (Java driver 4): YCSB's cassandra-cql table layout and property names,"
                + " consistency levels per operation, scans in token order";
    }

    @Override
    public Set<String> propertyNames() {
        return CassandraConfig.PROPERTY_NAMES;
    }

    /** Every property is checked as {@link #open} checks it; the cluster is not contacted. */
    @Override
    public void validate(StoreProperties properties) {
        CassandraConfig.from(properties);
    }

    @Override
    public CassandraStore open(StoreProperties properties) {
        return new CassandraStore(CassandraConfig.from(properties));
    }
}
