package org.openmark.store.redis;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Opens a Redis server as a store ({@code --store redis}). */
public final class RedisStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public String description() {
        return "a Redis server (Jedis) in YCSB's RedisClient layout or openmark's (redis.layout): a hash per record,"
                + " a sorted-set index, optional WATCH transactions";
    }

    @Override
    public Set<String> propertyNames() {
        return RedisConfig.PROPERTY_NAMES;
    }

    @Override
    public void validate(StoreProperties properties) {
        RedisConfig.from(properties);
    }

    @Override
    public RedisStore open(StoreProperties properties) {
        return new RedisStore(RedisConfig.from(properties));
    }
}
