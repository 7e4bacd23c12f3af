package org.openmark.store.redis;

import java.util.Comparator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/** The Session contract every binding keeps, against a real Redis server, in YCSB's layout (the default). */
@Tag("integration")
class RedisContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");

    /** A fresh, empty store: the server's database is emptied first (the throwaway test server only). */
    @Override
    protected Store openStore() {
        RedisTestDatabases.flush(SERVER, 0);
        return new RedisStoreFactory().open(SERVER.properties());
    }

    /** HSET semantics, as YCSB's Redis binding: an insert of an existing key adds and replaces fields, keeps the others. */
    @Override
    protected boolean insertMerges() {
        return true;
    }

    /** YCSB's scan order: by the key's hashCode (the score in _indices), then by its bytes; the empty key first. */
    @Override
    protected Comparator<String> scanOrder() {
        return RedisTestDatabases.YCSB_SCAN_ORDER;
    }

    /** YCSB's layout names a record by its key alone, whatever the table. */
    @Override
    protected boolean tablesAreSeparate() {
        return false;
    }
}
