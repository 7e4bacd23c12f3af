package org.openmark.store.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RedisServerInfoTest {

    @Test
    void facts_redisInfoServer_versionFromRedisVersion() {
        String info = "# Server\r\nredis_version:7.0.15\r\nredis_git_sha1:00000000\r\nredis_mode:standalone\r\n"
                + "os:Linux 6.1.0 x86_64\r\n";

        assertEquals(Map.of("version", "7.0.15"), RedisServerInfo.facts(info));
    }

    @Test
    void facts_valkeyInfoServer_compatibleRedisVersionAndValkeysOwn() {
        String info = "# Server\r\nredis_version:7.2.4\r\nserver_name:valkey\r\nvalkey_version:8.1.1\r\n";

        assertEquals(Map.of("version", "7.2.4", "valkey", "8.1.1"), RedisServerInfo.facts(info));
    }

    @Test
    void facts_noVersionLines_empty() {
        assertEquals(Map.of(), RedisServerInfo.facts("# Server\r\nredis_mode:standalone\r\nnot a field\r\n"));
        assertEquals(Map.of(), RedisServerInfo.facts(""));
    }
}
