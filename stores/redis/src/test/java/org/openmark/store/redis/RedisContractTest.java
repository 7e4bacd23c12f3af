package org.openmark.store.redis;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StoreContractTest;

/** The Session contract every binding keeps, against a real Redis server. */
class RedisContractTest extends StoreContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");

    /** A fresh, empty store: the server's database is emptied first (the throwaway test server only). */
    @Override
    protected Store openStore() {
        var props = SERVER.properties();
        try (redis.clients.jedis.Jedis jedis = new redis.clients.jedis.Jedis(props.get("redis.host"),
                Integer.parseInt(props.get("redis.port")))) {
            jedis.flushDB();
        }
        return new RedisStoreFactory().open(props);
    }

    /** HSET semantics, as YCSB's Redis binding: an update creates a missing record. */
    @Override
    protected boolean updateUpserts() {
        return true;
    }

    /** HSET semantics: an insert of an existing key adds and replaces fields, keeps the others. */
    @Override
    protected boolean insertMerges() {
        return true;
    }
}
