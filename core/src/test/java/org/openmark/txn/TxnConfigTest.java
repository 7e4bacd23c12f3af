package org.openmark.txn;

import org.openmark.testing.FakeClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.testing.SimpleWorkload;

class TxnConfigTest {

    private static Settings settings(String... pairs) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Settings.of(m);
    }

    @Test
    void forWorkload_transactionalWorkload_enabledByDefault() {
        var cew = ClosedEconomyWorkload.create(settings(), new FakeClock());
        TxnConfig c = TxnConfig.forWorkload(settings(), cew);
        assertTrue(c.enabled());
        assertFalse(c.wrapLoad());
        assertEquals(RetryPolicy.NONE.maxRetries(), c.retry().maxRetries());
        assertEquals(0, c.retry().backoffMs());
    }

    @Test
    void forWorkload_plainWorkload_disabledByDefaultAndEnabledOnRequest() {
        assertFalse(TxnConfig.forWorkload(settings(), new SimpleWorkload(10, 0)).enabled());
        assertTrue(TxnConfig.forWorkload(settings("txn.enabled", "true"), new SimpleWorkload(10, 0)).enabled());
    }

    @Test
    void parse_noTxn_disablesEvenForTransactionalWorkloads() {
        assertFalse(TxnConfig.parse(settings("txn.enabled", "false", "txn.load", "true"), true).wrapLoad());
        assertFalse(TxnConfig.parse(settings("txn.enabled", "false"), true).enabled());
    }

    @Test
    void parse_retryProperties_buildThePolicy() {
        TxnConfig c = TxnConfig.parse(settings("txn.retries", "4", "txn.backoff", "20", "txn.backoff.max", "70",
                "txn.retry.on", "ABORTED", "txn.load", "true"), true);
        assertEquals(new RetryPolicy(4, 20, 70), c.retry());
        assertTrue(c.wrapLoad());
    }

    @Test
    void parse_backoffAboveDefaultCap_capFollowsBackoff() {
        assertEquals(5000, TxnConfig.parse(settings("txn.backoff", "5000"), true).retry().maxBackoffMs());
    }

    @Test
    void parse_badValues_errorNamesPropertyValueAndRule() {
        assertEquals("txn.retries=-1: must be >= 0",
                assertThrows(ConfigException.class, () -> TxnConfig.parse(settings("txn.retries", "-1"), true))
                        .getMessage());
        assertEquals("txn.backoff.max=5: must be >= txn.backoff (10 ms)", assertThrows(ConfigException.class,
                () -> TxnConfig.parse(settings("txn.backoff", "10", "txn.backoff.max", "5"), true)).getMessage());
        assertTrue(assertThrows(ConfigException.class,
                () -> TxnConfig.parse(settings("txn.retry.on", "errors"), true)).getMessage()
                .startsWith("txn.retry.on=errors: must be one of aborted"));
        assertEquals("txn.enabled=maybe: must be true or false",
                assertThrows(ConfigException.class, () -> TxnConfig.parse(settings("txn.enabled", "maybe"), true))
                        .getMessage());
    }

    @Test
    void parse_everyPropertyIsMarkedRead() {
        Settings s = settings("txn.enabled", "true", "txn.load", "false", "txn.retries", "1", "txn.backoff", "1",
                "txn.backoff.max", "2", "txn.retry.on", "aborted");
        TxnConfig.parse(s, false);
        assertEquals(java.util.Set.of(), s.unread());
        assertEquals(java.util.Set.copyOf(TxnConfig.PROPERTIES), s.asMap().keySet());
    }
}
