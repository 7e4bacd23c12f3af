package org.openmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One syntax for values, whether a store binding or the core reads them. */
class ValueSyntaxTest {

    @Test
    void wholeNumber_digitsGroupedByUnderscores_onlyBetweenDigits() {
        assertEquals(1_000_000, ValueSyntax.wholeNumber(" 1_000_000 "));
        assertEquals(-42, ValueSyntax.wholeNumber("-42"));
        for (String bad : new String[] {"_1", "1_", "1__0", "1.5", "1e3", "", "ten", "9223372036854775808"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ValueSyntax.wholeNumber(bad), bad);
            assertEquals(ValueSyntax.WHOLE_NUMBER, e.getMessage());
        }
    }

    @Test
    void number_finiteOnly() {
        assertEquals(0.25, ValueSyntax.number("0.25"));
        assertEquals(1500.5, ValueSyntax.number("1_500.5"));
        assertEquals(1e-3, ValueSyntax.number("1e-3"));
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1..2", "x"}) {
            assertThrows(IllegalArgumentException.class, () -> ValueSyntax.number(bad), bad);
        }
    }

    @Test
    void bool_trueOrFalseInAnyCase() {
        assertTrue(ValueSyntax.bool(" TRUE"));
        assertFalse(ValueSyntax.bool("False"));
        assertThrows(IllegalArgumentException.class, () -> ValueSyntax.bool("yes"));
    }

    @Test
    void constant_anyCaseAndDashForUnderscore() {
        assertEquals(TimeUnit.MILLISECONDS, ValueSyntax.constant("milliseconds", TimeUnit.class));
        assertEquals(Status.NOT_FOUND, ValueSyntax.constant("not-found", Status.class));
        assertEquals(Status.NOT_FOUND, ValueSyntax.constant(" Not_Found ", Status.class));
        assertNull(ValueSyntax.constant("found", Status.class));
    }

    /** A store binding reads values as the core does: 1_000 and enums, and refuses NaN. */
    @Test
    void storeProperties_sameSyntaxAsTheCore() {
        StoreProperties p = StoreProperties.of(Map.of("n", "1_000", "d", "NaN", "s", "service-unavailable"));
        assertEquals(1000, p.getInt("n", 0));
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> p.getDouble("d", 0));
        assertTrue(e.getMessage().contains("must be a number"), e.getMessage());
        assertEquals(Status.SERVICE_UNAVAILABLE, p.getEnum("s", Status.OK, Status.class));
        StoreConfigException bad = assertThrows(StoreConfigException.class, () -> p.getEnum("n", Status.OK,
                Status.class));
        assertTrue(bad.getMessage().contains("must be one of ok, "), bad.getMessage());
    }
}
