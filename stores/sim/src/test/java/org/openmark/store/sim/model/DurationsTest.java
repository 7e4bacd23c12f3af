package org.openmark.store.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmark.api.StoreConfigException;

class DurationsTest {

    @Test
    void parseNanos_unitsAndBareNumbers_convert() {
        assertEquals(1_000_000, Durations.parseNanos("p", "1ms"));
        assertEquals(0, Durations.parseNanos("p", "0"));
        assertEquals(250_000, Durations.parseNanos("p", "250us"));
        assertEquals(250_000, Durations.parseNanos("p", "250µs"));
        assertEquals(1_500_000_000, Durations.parseNanos("p", "1.5s"));
        assertEquals(7, Durations.parseNanos("p", "7ns"));
        assertEquals(120_000_000_000L, Durations.parseNanos("p", "2m"));
        assertEquals(500_000, Durations.parseNanos("p", " 0.5 ms "));
    }

    @Test
    void parseNanos_bareNonZeroNumber_refusedAskingForTheUnit() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> Durations.parseNanos("sim.latency", "5"));
        assertEquals("sim.latency", e.property());
        assertTrue(e.getMessage().contains("needs its unit, e.g. 5ms"), e.getMessage());
    }

    @Test
    void parseSampleNanos_bareIsMilliseconds() {
        assertEquals(2_500_000, Durations.parseSampleNanos("p", "2.5"));
        assertEquals(2_500, Durations.parseSampleNanos("p", "2.5us"));
    }

    @Test
    void parseNanos_negativeOrGarbage_namesProperty() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> Durations.parseNanos("sim.latency", "-1ms"));
        assertEquals("sim.latency", e.property());
        assertTrue(e.getMessage().contains("-1ms"), e.getMessage());
        assertThrows(StoreConfigException.class, () -> Durations.parseNanos("p", "5 parsecs"));
        assertThrows(StoreConfigException.class, () -> Durations.parseNanos("p", ""));
    }

    @Test
    void toMillisText_printsExactDecimal() {
        assertEquals("1.5", Durations.toMillisText(1_500_000));
        assertEquals("0", Durations.toMillisText(0));
        assertEquals("0.000001", Durations.toMillisText(1));
        assertEquals("20", Durations.toMillisText(20_000_000));
    }
}
