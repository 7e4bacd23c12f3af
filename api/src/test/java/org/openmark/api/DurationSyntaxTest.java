package org.openmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DurationSyntaxTest {

    @Test
    void parseNanos_everyUnit() {
        assertEquals(7, DurationSyntax.parseNanos("7ns"));
        assertEquals(250_000, DurationSyntax.parseNanos("250us"));
        assertEquals(250_000, DurationSyntax.parseNanos("250µs"));
        assertEquals(1_500_000, DurationSyntax.parseNanos("1.5ms"));
        assertEquals(30_000_000_000L, DurationSyntax.parseNanos(" 30 s"));
        assertEquals(600_000_000_000L, DurationSyntax.parseNanos("10m"));
        assertEquals(600_000_000_000L, DurationSyntax.parseNanos("10min"));
        assertEquals(5_400_000_000_000L, DurationSyntax.parseNanos("1.5h"));
        assertEquals(500_000_000, DurationSyntax.parseNanos(".5s"));
    }

    @Test
    void parseNanos_bareNumber_isSeconds() {
        assertEquals(30_000_000_000L, DurationSyntax.parseNanos("30"));
        assertEquals(0, DurationSyntax.parseNanos("0"));
        assertTrue(DurationSyntax.isBareNumber("30"));
        assertFalse(DurationSyntax.isBareNumber("30s"));
    }

    @Test
    void parseNanos_notADuration_saysTheForms() {
        for (String bad : new String[] {"", "-1s", "5 parsecs", "s", "1e3s", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DurationSyntax.parseNanos(bad), String.valueOf(bad));
            assertEquals("must be " + DurationSyntax.FORMS, e.getMessage());
        }
        assertEquals("is too long (at most about 73 years)",
                assertThrows(IllegalArgumentException.class, () -> DurationSyntax.parseNanos("1000000h")).getMessage());
    }
}
