package org.openmark.store.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/** The store's properties: defaults, and errors that name the property, the value and the rule. */
class CassandraConfigTest {

    private static CassandraConfig config(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (String keyValue : keyValues) {
            int eq = keyValue.indexOf('=');
            map.put(keyValue.substring(0, eq), keyValue.substring(eq + 1));
        }
        return CassandraConfig.from(StoreProperties.of(map));
    }

    @Test
    void from_nothingSet_defaults() {
        CassandraConfig c = config();
        assertEquals(List.of("127.0.0.1"), c.hosts());
        assertEquals(9042, c.port());
        assertEquals("datacenter1", c.datacenter());
        assertEquals("ycsb", c.keyspace());
        assertEquals(1, c.replicationOrDefault());
        assertEquals(DefaultConsistencyLevel.ONE, c.readConsistency());
        assertEquals(DefaultConsistencyLevel.ONE, c.writeConsistency());
        assertEquals(12_000, c.requestTimeoutMs());
        assertEquals(10, c.fieldNames().size());
        assertEquals("field9", c.fieldNames().get(9));
        assertTrue(c.pipelined(), "pipelined sessions unless told otherwise");
        assertFalse(config("cassandra.pipelined=false").pipelined());
    }

    @Test
    void from_levelsInAnyCase_parsedAndScanFollowsRead() {
        CassandraConfig c = config("cassandra.readconsistency=quorum", "cassandra.writeconsistency=All");
        assertEquals(DefaultConsistencyLevel.QUORUM, c.readConsistency());
        assertEquals(DefaultConsistencyLevel.ALL, c.writeConsistency());
        assertEquals(DefaultConsistencyLevel.QUORUM, c.scanConsistency());
    }

    @Test
    void from_hostList_trimmed() {
        assertEquals(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"),
                config("cassandra.hosts=127.0.0.1, 127.0.0.2,127.0.0.3").hosts());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cassandra.readconsistency=MOST|cassandra.readconsistency=MOST: must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, SERIAL, LOCAL_SERIAL",
        "cassandra.readconsistency=ANY|cassandra.readconsistency=ANY: must be one of",
        "cassandra.writeconsistency=SERIAL|cassandra.writeconsistency=SERIAL: must be one of ANY, ONE,",
        "cassandra.replication=0|cassandra.replication=0: must be a replication factor >= 1",
        "cassandra.port=70000|cassandra.port=70000: must be a TCP port",
        "cassandra.hosts=127.0.0.1:9042|cassandra.hosts=127.0.0.1:9042: must be host names or addresses",
        "cassandra.keyspace=my-space|cassandra.keyspace=my-space: must be a CQL name",
        "cassandra.requesttimeout=0|cassandra.requesttimeout=0: must be a number of milliseconds > 0",
        "fieldcount=0|fieldcount=0: must be from 1 to 1000 fields",
        "cassandra.pipelined=yes|cassandra.pipelined=yes: must be true or false",
    })
    void from_badValue_namesPropertyValueAndRule(String property, String message) {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> config(property));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(property.substring(0, property.indexOf('=')), e.property());
    }
}
