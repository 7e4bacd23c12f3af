package org.openmark.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertEquals("BYTEA", config.fieldType());
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
}
