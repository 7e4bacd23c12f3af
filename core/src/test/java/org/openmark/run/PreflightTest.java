package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreUnreachableException;
import org.openmark.config.ConfigException;

class PreflightTest {

    /** A server-like store whose sessions cannot be opened, failing with {@code failure}. */
    private static Store refusing(StoreException failure) {
        return new Store() {
            @Override
            public Session newSession() {
                throw failure;
            }

            @Override
            public String target() {
                return "somewhere:1";
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void check_sessionRefusesItsConfiguration_badInputNamingTheProperty() {
        ConfigException e = assertThrows(ConfigException.class, () -> Preflight.check(
                refusing(new StoreConfigException("x.classpath", "lib/*", "a class is missing")), "x", "t", false));
        assertEquals("x.classpath=lib/*: a class is missing", e.getMessage());
    }

    @Test
    void check_sessionCannotStart_unreachableNamingWhere() {
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class, () -> Preflight.check(
                refusing(new StoreUnreachableException("init() failed: refused")), "x", "t", false));
        assertEquals("cannot reach x (somewhere:1): init() failed: refused", e.getMessage());
    }

    @Test
    void check_firstRequestFails_unreachableWithWhatTheStoreSaid() {
        Session failing = new Session() {
            @Override
            public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
                return Status.ERROR;
            }

            @Override
            public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
                return Status.ERROR;
            }

            @Override
            public Status update(String table, String key, Map<String, byte[]> values) {
                return Status.ERROR;
            }

            @Override
            public Status insert(String table, String key, Map<String, byte[]> values) {
                return Status.ERROR;
            }

            @Override
            public Status delete(String table, String key) {
                return Status.ERROR;
            }

            @Override
            public String lastFailure() {
                return "FORBIDDEN";
            }
        };
        Store store = new Store() {
            @Override
            public Session newSession() {
                return failing;
            }

            @Override
            public void close() {
            }
        };
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class,
                () -> Preflight.check(store, "x", "t", false));
        assertTrue(e.getMessage().endsWith("the first request ended ERROR: FORBIDDEN; nothing was measured"),
                e.getMessage());
    }
}
