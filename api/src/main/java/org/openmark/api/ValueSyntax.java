package org.openmark.api;

import java.util.Locale;

/**
 * openmark's one way to write a property's value, for store bindings ({@link StoreProperties})
 * and the core's settings alike, as {@link DurationSyntax} is for durations: a whole number may
 * group its digits with {@code _} ({@code 1_000_000}); a number is finite; a boolean is
 * {@code true} or {@code false} in any case; an enum constant is named in any case, with {@code -}
 * for {@code _}. Surrounding spaces are ignored. Each reader throws {@link IllegalArgumentException}
 * with the rule ("must be a whole number"), which its caller puts after the property's name and
 * value.
 */
public final class ValueSyntax {
    /** The rule a whole number breaks. */
    public static final String WHOLE_NUMBER = "must be a whole number";
    /** The rule a number breaks. */
    public static final String NUMBER = "must be a number";
    /** The rule a boolean breaks. */
    public static final String BOOLEAN = "must be true or false";

    private ValueSyntax() {
    }

    /** A whole number. */
    public static long wholeNumber(String text) {
        try {
            return Long.parseLong(digits(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(WHOLE_NUMBER);
        }
    }

    /** A finite number. */
    public static double number(String text) {
        try {
            double d = Double.parseDouble(digits(text));
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(NUMBER);
    }

    /** {@code true} or {@code false}. */
    public static boolean bool(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(BOOLEAN);
        };
    }

    /** The constant of {@code type} that {@code text} names, or null when none does. */
    public static <E extends Enum<E>> E constant(String text, Class<E> type) {
        String name = text.trim().replace('-', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(name)) {
                return e;
            }
        }
        return null;
    }

    /** Digits grouped by '_' between digits only: "1_000" yes, "_1", "1__0" and "1_" no. */
    private static String digits(String text) {
        String t = text.trim();
        if (t.indexOf('_') < 0) {
            return t;
        }
        if (!t.matches("[+-]?[0-9]+(_[0-9]+)*(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            throw new NumberFormatException(t);
        }
        return t.replace("_", "");
    }
}
