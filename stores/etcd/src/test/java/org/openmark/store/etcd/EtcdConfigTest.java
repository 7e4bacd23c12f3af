package org.openmark.store.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.openmark.api.Secrets;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

class EtcdConfigTest {
    private static final String THREE = "http://127.0.0.1:2379,http://127.0.0.2:2379,http://127.0.0.3:2379";

    @Test
    void from_nothing_etcdsDefaultEndpointLinearizableAnyMember() {
        EtcdConfig config = EtcdConfig.from(StoreProperties.empty());
        assertEquals(java.util.List.of(URI.create("http://127.0.0.1:2379")), config.endpoints());
        assertEquals(EtcdConfig.ReadMode.LINEARIZABLE, config.readMode());
        assertEquals(Optional.empty(), config.member());
        assertEquals(5000, config.timeout().toMillis());
        assertEquals(EtcdConfig.WriteTo.ANY, config.writeTo());
    }

    @Test
    void writeTo_leader_saidInWhere() {
        EtcdConfig config = config("etcd.endpoints", THREE, "etcd.writeto", "leader");
        assertEquals(EtcdConfig.WriteTo.LEADER, config.writeTo());
        assertTrue(config.where().contains("writes to the leader"), config.where());
    }

    @Test
    void member_byNumberOrUrl_thatMembersUrl() {
        assertEquals(Optional.of(URI.create("http://127.0.0.2:2379")),
                config("etcd.endpoints", THREE, "etcd.member", "2").member());
        assertEquals(Optional.of(URI.create("http://127.0.0.3:2379")),
                config("etcd.endpoints", THREE, "etcd.member", "http://127.0.0.3:2379").member());
        assertEquals(EtcdConfig.ReadMode.SERIALIZABLE, config("etcd.readmode", "serializable").readMode());
    }

    @Test
    void badValues_refusedNamingThePropertyTheValueAndTheRule() {
        assertEquals("etcd.member=4: must be a member's URL or its number in etcd.endpoints, 1 to 3",
                refused("etcd.endpoints", THREE, "etcd.member", "4"));
        assertEquals("etcd.endpoints=127.0.0.1:2379: '127.0.0.1:2379' is not a member's URL: use http://HOST:PORT"
                + " (e.g. http://127.0.0.1:2379)", refused("etcd.endpoints", "127.0.0.1:2379"));
        assertEquals("etcd.endpoints= , : must list at least one member's URL, e.g. http://127.0.0.1:2379",
                refused("etcd.endpoints", " , "));
        assertEquals("etcd.readmode=quorum: must be one of linearizable, serializable", refused("etcd.readmode", "quorum"));
        assertEquals("etcd.writeto=follower: must be one of any, leader", refused("etcd.writeto", "follower"));
        assertEquals("etcd.timeout=0: must be > 0 milliseconds", refused("etcd.timeout", "0"));
        assertEquals("etcd.user=root: needs etcd.password", refused("etcd.user", "root"));
    }

    @Test
    void password_aSecretNeverShown() {
        assertTrue(Secrets.isSecret(EtcdConfig.PASSWORD));
        String refused = refused("etcd.password", "hunter2");
        assertFalse(refused.contains("hunter2"), refused);
        EtcdConfig config = config("etcd.user", "root", "etcd.password", "hunter2");
        assertFalse(config.toString().contains("hunter2"), config.toString());
        assertFalse(config.where().contains("hunter2"), config.where());
        assertTrue(config.where().contains("user root"), config.where());
    }

    private static EtcdConfig config(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return EtcdConfig.from(StoreProperties.of(map));
    }

    private static String refused(String... keyValues) {
        return assertThrows(StoreConfigException.class, () -> config(keyValues)).getMessage();
    }
}
