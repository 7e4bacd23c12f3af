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

/**
 * The store's properties: defaults, YCSB's names for them, and errors that name the property, the
 * value and the rule.
 */
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
        assertEquals(DefaultConsistencyLevel.QUORUM, c.readConsistency(), "YCSB's binding's default");
        assertEquals(DefaultConsistencyLevel.QUORUM, c.writeConsistency(), "YCSB's binding's default");
        assertEquals(1, c.connections());
        assertEquals(null, c.username());
        assertFalse(c.tracing());
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

    /** The properties of a -P file written for YCSB's cassandra-cql binding, as its README lists them. */
    @Test
    void from_ycsbPropertyFile_sameSettings() {
        CassandraConfig c = config("hosts=10.0.0.1,10.0.0.2", "port=9142", "cassandra.keyspace=bench",
                "cassandra.readconsistencylevel=ONE", "cassandra.writeconsistencylevel=ALL",
                "cassandra.maxconnections=4", "cassandra.coreconnections=2", "cassandra.connecttimeoutmillis=3000",
                "cassandra.readtimeoutmillis=20000", "cassandra.username=bench", "cassandra.password=s3cret",
                "cassandra.tracing=true", "cassandra.useSSL=false");
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), c.hosts());
        assertEquals(9142, c.port());
        assertEquals("bench", c.keyspace());
        assertEquals(DefaultConsistencyLevel.ONE, c.readConsistency());
        assertEquals(DefaultConsistencyLevel.ONE, c.scanConsistency(), "YCSB scans at its read level");
        assertEquals(DefaultConsistencyLevel.ALL, c.writeConsistency());
        assertEquals(4, c.connections(), "the pool YCSB's driver grows to, opened at once");
        assertEquals(3000, c.connectTimeoutMs());
        assertEquals(20_000, c.requestTimeoutMs());
        assertEquals("bench", c.username());
        assertEquals("s3cret", c.password());
        assertTrue(c.tracing());
        assertFalse(c.toString().contains("s3cret"), c.toString());
    }

    @Test
    void from_coreConnectionsAlone_thePoolSize() {
        assertEquals(3, config("cassandra.coreconnections=3").connections());
    }

    @Test
    void from_bothNamesSameValue_accepted() {
        CassandraConfig c = config("hosts=127.0.0.2", "cassandra.hosts=127.0.0.2", "port=9043", "cassandra.port=9043",
                "cassandra.readconsistencylevel=QUORUM", "cassandra.readconsistency=quorum",
                "cassandra.maxconnections=2", "cassandra.connections=2");
        assertEquals(List.of("127.0.0.2"), c.hosts());
        assertEquals(9043, c.port());
        assertEquals(DefaultConsistencyLevel.QUORUM, c.readConsistency());
        assertEquals(2, c.connections());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "hosts=127.0.0.2|cassandra.hosts=127.0.0.3|hosts=127.0.0.2: YCSB's name for cassandra.hosts, which is 127.0.0.3 here: give the setting once",
        "port=9043|cassandra.port=9042|port=9043: YCSB's name for cassandra.port, which is 9042 here",
        "cassandra.readconsistencylevel=ONE|cassandra.readconsistency=QUORUM|cassandra.readconsistencylevel=ONE: YCSB's name for cassandra.readconsistency",
        "cassandra.writeconsistencylevel=ONE|cassandra.writeconsistency=ALL|cassandra.writeconsistencylevel=ONE: YCSB's name for cassandra.writeconsistency",
        "cassandra.readtimeoutmillis=5000|cassandra.requesttimeout=6000|cassandra.readtimeoutmillis=5000: YCSB's name for cassandra.requesttimeout",
        "cassandra.connecttimeoutmillis=5000|cassandra.connecttimeout=6000|cassandra.connecttimeoutmillis=5000: YCSB's name for cassandra.connecttimeout",
        "cassandra.maxconnections=4|cassandra.connections=2|cassandra.maxconnections=4: YCSB's name for cassandra.connections",
        "cassandra.coreconnections=4|cassandra.connections=2|cassandra.coreconnections=4: YCSB's name for cassandra.connections",
        "cassandra.coreconnections=4|cassandra.maxconnections=2|cassandra.coreconnections=4: more than cassandra.maxconnections=2",
    })
    void from_twoNamesTwoValues_refusedNamingYcsbsName(String ycsb, String other, String message) {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> config(ycsb, other));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(ycsb.substring(0, ycsb.indexOf('=')), e.property());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cassandra.readconsistencylevel=MOST|cassandra.readconsistencylevel=MOST: must be one of ONE, TWO, THREE, QUORUM",
        "port=0|port=0: must be a TCP port from 1 to 65535",
        "hosts=127.0.0.1:9042|hosts=127.0.0.1:9042: must be host names or addresses separated by commas, e.g. 127.0.0.1,127.0.0.2 (the port is port)",
        "cassandra.maxconnections=100|cassandra.maxconnections=100: must be from 1 to 64 connections per node",
        "cassandra.readtimeoutmillis=-1|cassandra.readtimeoutmillis=-1: must be a number of milliseconds > 0",
        "cassandra.tracing=yes|cassandra.tracing=yes: must be true or false",
        "cassandra.useSSL=true|cassandra.useSSL=true: openmark's cassandra store does not connect with TLS; run YCSB's binding itself: --store ycsb -p ycsb.db=site.ycsb.db.CassandraCQLClient",
    })
    void from_badValueUnderYcsbsName_namesYcsbsName(String property, String message) {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> config(property));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(property.substring(0, property.indexOf('=')), e.property());
    }

    @Test
    void from_passwordWithoutUser_refusedWithoutShowingIt() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> config("cassandra.password=s3cret"));
        assertEquals("cassandra.username", e.property());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        e = assertThrows(StoreConfigException.class, () -> config("cassandra.username=bench"));
        assertEquals("cassandra.password", e.property());
        assertEquals(null, config("cassandra.username=", "cassandra.password=").username(),
                "an empty user name is none, as in YCSB's binding");
    }

    @Test
    void propertyNames_includeYcsbsNames() {
        assertTrue(new CassandraStoreFactory().propertyNames().containsAll(List.of("hosts", "port", "cassandra.keyspace",
                "cassandra.readconsistencylevel", "cassandra.writeconsistencylevel", "cassandra.username",
                "cassandra.password", "cassandra.maxconnections", "cassandra.coreconnections",
                "cassandra.connecttimeoutmillis", "cassandra.readtimeoutmillis", "cassandra.tracing", "cassandra.useSSL")));
    }

    @Test
    void validate_checksWithoutContactingTheCluster() {
        assertThrows(StoreConfigException.class, () -> new CassandraStoreFactory()
                .validate(StoreProperties.of(Map.of("port", "9042", "cassandra.port", "9043"))));
        new CassandraStoreFactory().validate(StoreProperties.of(Map.of("hosts", "203.0.113.1")));
    }
}
