package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Property parsing, validation and password hiding; needs no database. */
class JdbcConfigTest {
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/openmark";

    @Test
    void serviceLoader_jdbcName_findsFactory() {
        assertTrue(ServiceLoader.load(StoreFactory.class).stream().anyMatch(p -> p.get().name().equals("jdbc")));
    }

    @Test
    void from_onlyUrl_defaults() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL)));

        assertEquals(JdbcIsolation.READ_COMMITTED, config.isolation());
        assertEquals(1, config.batchSize());
        assertTrue(config.createTable());
        assertEquals(10, config.fieldNames().size());
        assertEquals("field9", config.fieldNames().get(9));
        assertEquals("TEXT", config.fieldType(), "YCSB's layout");
        assertEquals("usertable", config.table());
        assertEquals(0, config.fetchSize());
    }

    @Test
    void from_workloadFieldProperties_usedForColumns() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "fieldcount", "3",
                "fieldnameprefix", "col", "table", "usertable", "recordcount", "1000")));

        assertEquals(List.of("col0", "col1", "col2"), config.fieldNames());
    }

    @Test
    void from_missingUrl_namesProperty() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.empty()));

        assertEquals("jdbc.url", e.property());
    }

    @Test
    void from_unknownIsolation_namesAllowedValues() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "jdbc.isolation", "snapshot"))));

        assertEquals("jdbc.isolation=snapshot: must be one of read_committed, repeatable_read, serializable", e.getMessage());
    }

    @Test
    void from_batchSizeZero_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "jdbc.batchsize", "0"))));

        assertEquals("jdbc.batchsize", e.property());
    }

    @Test
    void from_fieldPrefixNotAnIdentifier_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "fieldnameprefix", "f-"))));

        assertEquals("fieldnameprefix", e.property());
    }

    @Test
    void from_urlNoDriverAccepts_rejectedWithPasswordMasked() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("jdbc.url", "jdbc:nosuchdb://db/x?user=u&password=hunter2secret"))));

        assertEquals("jdbc.url", e.property());
        assertFalse(e.getMessage().contains("hunter2secret"), e.getMessage());
    }

    @Test
    void toString_passwordPropertyAndPasswordInUrl_neverShown() {
        JdbcStore store = new JdbcStoreFactory().open(StoreProperties.of(Map.of(
                "jdbc.url", URL + "?user=u&password=urlSecret1", "jdbc.password", "propertySecret2")));

        String shown = store + " " + store.config() + " " + store.newSession();

        assertFalse(shown.contains("urlSecret1"), shown);
        assertFalse(shown.contains("propertySecret2"), shown);
        store.close();
    }

    @Test
    void from_ycsbNames_usedAsOpenmarksOwn() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("db.driver", "org.postgresql.Driver",
                "db.url", URL, "db.user", "ycsb", "db.passwd", "pw", "jdbc.fetchsize", "10", "jdbc.autocommit", "true")));

        assertEquals(URL, config.url());
        assertEquals("ycsb", config.user());
        assertEquals("pw", config.password());
        assertEquals(10, config.fetchSize());
        assertEquals(1, config.batchSize());
    }

    @Test
    void from_ycsbDefaultsOfEmptyUserAndPassword_leaveThemToTheDriver() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("db.url", URL, "db.user", "", "db.passwd", "")));

        assertNull(config.user());
        assertNull(config.password());
    }

    @Test
    void propertyNames_ycsbNames_known() {
        assertTrue(new JdbcStoreFactory().propertyNames().containsAll(List.of("db.driver", "db.url", "db.user",
                "db.passwd", "db.batchsize", "jdbc.fetchsize", "jdbc.autocommit", "jdbc.batchupdateapi", "jdbc.url")));
    }

    @Test
    void from_bothNamesSameValue_accepted() {
        assertEquals(URL, JdbcConfig.from(StoreProperties.of(Map.of("db.url", URL, "jdbc.url", URL))).url());
    }

    @Test
    void from_bothNamesDifferentValues_refusedNamingBoth() {
        StoreConfigException url = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL, "jdbc.url", URL + "2"))));
        StoreConfigException user = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("jdbc.url", URL, "db.user", "a", "jdbc.user", "b"))));

        assertEquals("db.url=" + URL + ": differs from jdbc.url=" + URL + "2 (db.url is YCSB's name for it); give one of them",
                url.getMessage());
        assertEquals("db.user", user.property());
    }

    @Test
    void from_bothPasswordsDiffer_refusedWithoutShowingEither() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("jdbc.url", URL, "db.passwd", "firstSecret1", "jdbc.password", "otherSecret2"))));

        assertEquals("db.passwd", e.property());
        assertFalse(e.getMessage().contains("firstSecret1") || e.getMessage().contains("otherSecret2"), e.getMessage());
    }

    @Test
    void from_dbUrlWithShards_refusedWithTheWayToRunYcsbsBinding() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL + ";jdbc:postgresql://10.0.0.2:5432/ycsb"))));

        assertEquals("db.url", e.property());
        assertTrue(e.getMessage().contains("shards keys") && e.getMessage().contains("-p ycsb.db=site.ycsb.db.JdbcDBClient"),
                e.getMessage());
    }

    @Test
    void from_dbUrlFailoverList_oneUrlAccepted() {
        String failover = "jdbc:postgresql://127.0.0.1:5432,127.0.0.2:5432/ycsb";

        assertEquals(failover, JdbcConfig.from(StoreProperties.of(Map.of("db.url", failover))).url());
    }

    @Test
    void from_autocommitOff_refusedWithWhatToDo() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL, "jdbc.autocommit", "false"))));

        assertEquals("jdbc.autocommit", e.property());
        assertTrue(e.getMessage().contains("jdbc.batchsize") && e.getMessage().contains("--store ycsb"), e.getMessage());
    }

    @Test
    void from_batchUpdateApiWithBatchSize_batchesThatMany() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("db.url", URL, "db.batchsize", "500",
                "jdbc.batchupdateapi", "true")));

        assertEquals(500, config.batchSize());
    }

    @Test
    void from_dbBatchSizeWithoutBatchUpdateApi_noBatchingAsInYcsb() {
        JdbcConfig config = JdbcConfig.from(StoreProperties.of(Map.of("db.url", URL, "db.batchsize", "1000")));

        assertEquals(1, config.batchSize());
    }

    @Test
    void from_batchUpdateApiWithoutBatchSize_refused() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL, "jdbc.batchupdateapi", "true"))));

        assertEquals("jdbc.batchupdateapi", e.property());
        assertTrue(e.getMessage().contains("never send"), e.getMessage());
    }

    @Test
    void from_ycsbBatchDiffersFromJdbcBatchSize_refused() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL, "db.batchsize", "500", "jdbc.batchupdateapi", "true", "jdbc.batchsize", "100"))));

        assertEquals("db.batchsize", e.property());
    }

    @Test
    void from_dbDriverNotOnClasspath_refused() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> JdbcConfig.from(StoreProperties.of(
                Map.of("db.url", URL, "db.driver", "com.mysql.jdbc.Driver"))));

        assertEquals("db.driver=com.mysql.jdbc.Driver: no such class on the classpath: put the driver's jar on the"
                + " classpath (PostgreSQL's, org.postgresql.Driver, is included)", e.getMessage());
    }

    @Test
    void from_fieldTypes_textOrBinaryOnly() {
        for (String type : List.of("TEXT", "varchar(1000)", "CHARACTER VARYING(50)", "CLOB", "BYTEA", "BLOB", "VARBINARY(64)")) {
            assertEquals(type, JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "jdbc.fieldtype", type))).fieldType());
        }
        for (String type : List.of("INTEGER", "CHAR(100)", "BINARY(16)", "JSONB", "TEXT; DROP TABLE x")) {
            StoreConfigException e = assertThrows(StoreConfigException.class,
                    () -> JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "jdbc.fieldtype", type))), type);
            assertEquals("jdbc.fieldtype", e.property());
        }
    }

    @Test
    void from_tableNotAnIdentifier_refused() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> JdbcConfig.from(StoreProperties.of(Map.of("jdbc.url", URL, "table", "user-table"))));

        assertEquals("table", e.property());
    }
}
