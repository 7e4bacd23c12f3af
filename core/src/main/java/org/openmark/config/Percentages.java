package org.openmark.config;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Percentages in flags and properties, in openmark's one syntax: with their sign ({@code 5%}) or
 * as a fraction ({@code 0.05}); both read as the fraction 0.05.
 *
 * <p>A number without {@code %} is read as a fraction, so {@code 5} would be 500 %. Where a share
 * cannot exceed 100 % such a number is out of range and refused; but a threshold on a relative
 * change may be any size, and there a bare {@code 5} would silently mean 500 % to someone who meant
 * 5 %. So {@link #relativeChange} takes a number without {@code %} only below 1, where it cannot
 * be mistaken for a percentage.
 */
public final class Percentages {
    /** Ten significant digits: more than anyone writes in a threshold, fewer than a double's noise. */
    private static final MathContext SIGNIFICANT = new MathContext(10);

    private Percentages() {
    }

    /**
     * A share of a whole, 0 % to 100 %: {@code 5%} or {@code 0.05} ({@code 1} is 100 %); errors name
     * {@code flag}.
     */
    public static double share(String flag, String text) {
        String t = text.trim();
        double v = fraction(t);
        if (v >= 0 && v <= 1) {
            return v;
        }
        throw ConfigException.of(flag, t, "must be a share between 0% and 100% (e.g. 1% or 0.01)");
    }

    /**
     * A relative change, 0 % and up: {@code 5%}, {@code 250%}, or a fraction below 1 such as
     * {@code 0.05}; a number of 1 or more without {@code %} is refused (is {@code 5} meant as 5 % or
     * 500 %?). Errors name {@code flag}.
     */
    public static double relativeChange(String flag, String text) {
        String t = text.trim();
        double v = fraction(t);
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw ConfigException.of(flag, t, "must be a percentage such as 5% or a fraction below 1 such as 0.05"
                    + " (0% and up)");
        }
        if (!t.endsWith("%") && v >= 1) {
            // Written as meant: 5 -> 5% (or 0.05); 1000 -> 1000% (its fraction, 10, is refused too).
            String meant = format(v / 100);
            String asFraction = v < 100 ? " (or " + decimal(v / 100) + ")" : "";
            throw ConfigException.of(flag, t, "a number without % must be a fraction below 1 (" + decimal(v)
                    + " would be " + format(v) + "): write " + meant + asFraction);
        }
        return v;
    }

    /**
     * The fraction {@code text} writes: {@code 5%} → 0.05, {@code 0.05} → 0.05; NaN when it is not a
     * number.
     */
    public static double fraction(String text) {
        String t = text.trim();
        try {
            return t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100
                    : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A fraction as a percentage: 0.05 → {@code 5%}, 0.125 → {@code 12.5%}, 0.0001 → {@code 0.01%}. */
    public static String format(double fraction) {
        return decimal(fraction * 100) + "%";
    }

    /**
     * A number as a person writes it, without exponent or trailing zeros, to {@link #SIGNIFICANT}
     * digits: that drops the binary noise of a division (12.34 / 100 is 0.12340000000000001).
     */
    private static String decimal(double x) {
        return new BigDecimal(x).round(SIGNIFICANT).stripTrailingZeros().toPlainString();
    }
}
