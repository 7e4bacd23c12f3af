package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class MetricsAddressTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no port|127.0.0.1|--metrics=127.0.0.1: must be HOST:PORT, e.g. 127.0.0.1:9464 (port 0 picks a free port)",
        "empty port|127.0.0.1:|--metrics=127.0.0.1:: must be HOST:PORT",
        "no host|:9464|--metrics=:9464: must be HOST:PORT",
        "port not a number|localhost:http|--metrics=localhost:http: must be HOST:PORT, e.g. 127.0.0.1:9464 (port 0"
                + " picks a free port); the port is not a number",
        "port too large|127.0.0.1:70000|--metrics=127.0.0.1:70000: the port must be in 0..65535",
        // TEST-NET-1 (RFC 5737): never an address of this machine; nothing is sent to it
        "not this machine|192.0.2.1:9464|--metrics=192.0.2.1:9464: 192.0.2.1 is not an address of this machine",
    })
    void parse_badInput_namesTheFlagTheValueAndTheRule(String label, String text, String expected) {
        ConfigException e = assertThrows(ConfigException.class, () -> MetricsAddress.parse("--metrics", text));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void parse_loopback_staysOnLoopback() {
        MetricsAddress a = MetricsAddress.parse("--metrics", "127.0.0.1:0");
        assertEquals(0, a.port());
        assertFalse(a.beyondLoopback());
        assertFalse(MetricsAddress.parse("--metrics", "[::1]:9464").beyondLoopback());
        assertFalse(MetricsAddress.parse("--metrics", "localhost:9464").beyondLoopback());
    }

    @Test
    void parse_wildcard_isBeyondLoopback() {
        assertTrue(MetricsAddress.parse("--metrics", "0.0.0.0:9464").beyondLoopback());
    }
}
