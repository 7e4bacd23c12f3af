package org.openmark.services.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.Running;
import org.openmark.services.Services;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.StartOptions;
import org.openmark.services.server.TestServices;
import org.openmark.services.server.Time;
import org.openmark.services.server.Wait;

/** Real Redis servers (Debian's redis-server, installed when missing and running as root). */
class RedisServerTest {
    @TempDir
    Path base;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @Test
    void config_loopbackNothingSavedAReplicaOfItsPrimary() {
        String conf = RedisServer.config(Path.of("/s/r/replica"), 30002, OptionalInt.of(30001));
        assertTrue(conf.startsWith("bind 127.0.0.1\nport 30002\ndaemonize no\nlogfile \"/s/r/replica/redis.log\"\n"), conf);
        assertTrue(conf.contains("\nsave \"\"\nappendonly no\n") && conf.endsWith("\nreplicaof 127.0.0.1 30001\n"), conf);
        assertFalse(RedisServer.config(Path.of("/s"), 30001, OptionalInt.empty()).contains("replicaof"));
    }

    @Tag("integration")
    @Test
    void pair_startedReplicatesResetEmptiesStopEndsBoth() {
        Services services = Services.at(base, TestServices.console(said));
        Running pair = services.start(ServiceKind.REDIS_PAIR, "pair", StartOptions.DEFAULT);
        int primary = Integer.parseInt(pair.properties().get("redis.port"));
        int replica = Integer.parseInt(pair.properties().get("redis.replica.port"));
        assertEquals(Map.of("redis.host", "127.0.0.1", "redis.port", Integer.toString(primary), "redis.replica.host",
                "127.0.0.1", "redis.replica.port", Integer.toString(replica)), pair.properties());
        assertEquals("OK", RedisCall.ask("127.0.0.1", primary, "SET", "k", "v").orElseThrow());
        assertTrue(Wait.of(Time.system(), Duration.ofSeconds(10), Duration.ofMillis(20)).until(() ->
                RedisCall.ask("127.0.0.1", replica, "GET", "k").orElse("").equals("v")), "the replica has the write");

        List<Long> pids = services.pids("pair");
        assertEquals(2, pids.size());
        // shared by another test run's module: emptied, not started again
        assertEquals(pair.properties(), services.reuseOrStart(ServiceKind.REDIS_PAIR, "pair", StartOptions.DEFAULT)
                .properties());
        assertEquals("0", RedisCall.ask("127.0.0.1", primary, "DBSIZE").orElseThrow());
        assertEquals("0", RedisCall.ask("127.0.0.1", replica, "DBSIZE").orElseThrow());

        assertTrue(services.stop("pair"));
        assertTrue(pids.stream().allMatch(Processes::gone), said::toString);
        assertFalse(Files.exists(base.resolve("pair")));
    }
}
