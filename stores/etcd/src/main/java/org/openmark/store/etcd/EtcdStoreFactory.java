package org.openmark.store.etcd;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Opens an etcd cluster as a store ({@code --store etcd}). */
public final class EtcdStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "etcd";
    }

    @Override
    public String description() {
        return "an etcd cluster (jetcd): a record as one key TABLE/KEY, scans as range reads, linearizable or"
                + " serializable reads, to any member or one";
    }

    @Override
    public Set<String> propertyNames() {
        return EtcdConfig.PROPERTY_NAMES;
    }

    /** Every property is checked as {@link #open} checks it; the cluster is not contacted. */
    @Override
    public void validate(StoreProperties properties) {
        EtcdConfig.from(properties);
    }

    @Override
    public EtcdStore open(StoreProperties properties) {
        return new EtcdStore(EtcdConfig.from(properties));
    }
}
