package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/** The Session contract in openmark's own layout ({@code redis.layout=openmark}): key-ordered scans, tables apart. */
@Tag("integration")
class RedisOpenmarkLayoutContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");

    @Override
    protected Store openStore() {
        RedisTestDatabases.flush(SERVER, RedisTestDatabases.OPENMARK_LAYOUT);
        return new RedisStoreFactory().open(RedisTestDatabases.openmarkLayout(SERVER));
    }

    /** HSET semantics: an insert of an existing key adds and replaces fields, keeps the others. */
    @Override
    protected boolean insertMerges() {
        return true;
    }
}
