package org.openmark.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One syntax for percentages: a share of a whole takes what it always took (a bare 1 is 100 %); a
 * relative change never reads a bare number of 1 or more, which someone may have meant as a
 * percentage, and says how to write what was meant; a threshold prints as the percentage written.
 */
class PercentagesTest {
    private static final String FLAG = "--fail-if-slower";
    private static final String CHANGE_RULE = "must be a percentage such as 5% or a fraction below 1 such as 0.05"
            + " (0% and up)";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"5%, 0.05", "' 5 % ', 0.05", "0.05, 0.05", "0, 0", "0%, 0", "0.999, 0.999", "100%, 1", "250%, 2.5",
        "1000%, 10", "0.5%, 0.005"})
    void relativeChange_percentOrFractionBelowOne_isTheFraction(String text, double fraction) {
        assertEquals(fraction, Percentages.relativeChange(FLAG, text), 1e-15);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "5    | a number without % must be a fraction below 1 (5 would be 500%): write 5% (or 0.05)",
        "1    | a number without % must be a fraction below 1 (1 would be 100%): write 1% (or 0.01)",
        "1.5  | a number without % must be a fraction below 1 (1.5 would be 150%): write 1.5% (or 0.015)",
        "12   | a number without % must be a fraction below 1 (12 would be 1200%): write 12% (or 0.12)",
        "1000 | a number without % must be a fraction below 1 (1000 would be 100000%): write 1000%"})
    void relativeChange_bareNumberOfOneOrMore_refusedSayingHowToWriteIt(String text, String rule) {
        ConfigException e = assertThrows(ConfigException.class, () -> Percentages.relativeChange(FLAG, text));
        assertEquals(FLAG + "=" + text + ": " + rule, e.getMessage());
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"fast", "-5%", "-0.05", "%", "", "NaN", "NaN%", "Infinity%", "5%%"})
    void relativeChange_notANonNegativeNumber_refusedWithTheRange(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> Percentages.relativeChange(FLAG, text));
        assertEquals(FLAG + "=" + text.trim() + ": " + CHANGE_RULE, e.getMessage());
    }

    /** What run's --max-error-rate and --max-stall always took, a bare 1 (100 %) included. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"1%, 0.01", "0.01, 0.01", "0, 0", "100%, 1", "1, 1", "' 10 % ', 0.1"})
    void share_percentOrFractionUpToOne_isTheFraction(String text, double fraction) {
        assertEquals(fraction, Percentages.share("maxerrorrate", text), 1e-15);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"5", "101%", "-1%", "lots", ""})
    void share_outsideZeroToHundredPercent_refusedNamingTheProperty(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> Percentages.share("maxerrorrate", text));
        assertEquals("maxerrorrate=" + text + ": must be a share between 0% and 100% (e.g. 1% or 0.01)",
                e.getMessage());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"0.05, 5%", "0.07, 7%", "0.125, 12.5%", "0, 0%", "10, 1000%", "0.0000001, 0.00001%", "1, 100%"})
    void format_fraction_isThePercentage(double fraction, String percent) {
        assertEquals(percent, Percentages.format(fraction));
    }

    /** Seeded: thresholds with up to two decimals, 0 % to 1000 %, print as written, whichever way written. */
    @Test
    void format_ofAThresholdWrittenEitherWay_printsItAsWritten() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 2000; i++) {
            BigDecimal percent = BigDecimal.valueOf(random.nextLong(100_001), 2).stripTrailingZeros();
            String written = percent.toPlainString() + "%";
            assertEquals(written, Percentages.format(Percentages.relativeChange(FLAG, written)), written);
            if (percent.compareTo(BigDecimal.valueOf(100)) < 0) {
                String fraction = percent.movePointLeft(2).toPlainString();
                assertEquals(written, Percentages.format(Percentages.relativeChange(FLAG, fraction)), fraction);
            }
        }
    }
}
