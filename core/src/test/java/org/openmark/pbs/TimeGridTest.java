package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.config.ConfigException;

class TimeGridTest {

    @Test
    void parse_range_includesBothEnds() {
        double[] ts = TimeGrid.parse("--curve", "0..100:1");
        assertEquals(101, ts.length);
        assertEquals(0, ts[0]);
        assertEquals(100, ts[100]);
    }

    @Test
    void parse_fractionalStep_reachesTheEndDespiteRounding() {
        double[] ts = TimeGrid.parse("--curve", "0..1:0.1");
        assertEquals(11, ts.length);
        assertEquals(1.0, ts[10]);
    }

    @Test
    void parse_rangeWithoutStep_stepsByOne() {
        assertArrayEquals(new double[] {2, 3, 4}, TimeGrid.parse("--curve", "2..4"));
    }

    @Test
    void parse_list_isSortedAndDistinct() {
        assertArrayEquals(new double[] {0, 5, 10}, TimeGrid.parse("--curve", "5, 0,5,10"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"0..10:0|step must be > 0", "10..0|to must be >= from",
        "a..b|'a' is not a number", "0..1000000:1|at most 100000 points", "-5,1|times must be finite and >= 0"})
    void parse_badText_namesFlagAndRule(String text, String rule) {
        ConfigException e = assertThrows(ConfigException.class, () -> TimeGrid.parse("--curve", text));
        assertTrue(e.getMessage().startsWith("--curve=" + text + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(rule), e.getMessage());
    }
}
