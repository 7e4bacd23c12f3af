package org.openmark.store.redis;

import org.openmark.api.Store;
import org.openmark.store.contract.StartedCalls;

/**
 * The Session contract on the pipelined connection ({@code redis.pipelined=true}, the default):
 * every single call of {@link RedisContractTest} is started, flushed and waited for, as the open
 * and closed models start them.
 */
class RedisPipelinedContractTest extends RedisContractTest {
    @Override
    protected Store openStore() {
        return StartedCalls.of(super.openStore());
    }
}
