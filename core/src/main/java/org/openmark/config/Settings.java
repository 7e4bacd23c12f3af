package org.openmark.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * All effective properties of a run (from -P files, -p pairs and flags). The values are immutable.
 * Typed getters validate values and throw a {@link ConfigException} that names the property, the
 * value and the rule. Every name asked for is written to {@link #reads()}, a record kept apart
 * from the values and shared with every {@link #with} copy, so that after configuration the
 * harness can warn about properties nobody read.
 */
public final class Settings {
    private final Map<String, String> values;
    private final PropertyReads reads;

    private Settings(Map<String, String> values, PropertyReads reads) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
        this.reads = reads;
    }

    /** Settings from a map (copied), with a record of reads of their own. */
    public static Settings of(Map<String, String> values) {
        return new Settings(values, new PropertyReads());
    }

    /** These settings with some values added or replaced; reads of either count for both. */
    public Settings with(Map<String, String> overrides) {
        Map<String, String> m = new LinkedHashMap<>(values);
        m.putAll(overrides);
        return new Settings(m, reads);
    }

    /** All values, sorted by name. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The record of the names read so far (shared with {@link #with} copies). */
    public PropertyReads reads() {
        return reads;
    }

    /** The names that were set but never asked for. */
    public Set<String> unread() {
        Set<String> s = new java.util.TreeSet<>(values.keySet());
        s.removeIf(reads::known);
        return s;
    }

    /** Every name some component asked for (the known property names, for suggestions). */
    public Set<String> askedNames() {
        return reads.names();
    }

    /** True when the property is set. */
    public boolean contains(String name) {
        reads.read(name);
        return values.containsKey(name);
    }

    /** The raw value or {@code defaultValue}. */
    public String getString(String name, String defaultValue) {
        reads.read(name);
        String v = values.get(name);
        return v == null ? defaultValue : v.trim();
    }

    /** A whole number ({@link org.openmark.api.ValueSyntax}: {@code 1_000} too) or {@code defaultValue}. */
    public long getLong(String name, long defaultValue) {
        String v = getString(name, null);
        if (v == null) {
            return defaultValue;
        }
        try {
            return org.openmark.api.ValueSyntax.wholeNumber(v);
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(name, v, e.getMessage());
        }
    }

    /** A whole number at least {@code min}, or {@code defaultValue}. */
    public long getLong(String name, long defaultValue, long min) {
        long v = getLong(name, defaultValue);
        if (v < min) {
            throw ConfigException.of(name, String.valueOf(v), "must be >= " + min);
        }
        return v;
    }

    /** A 32-bit whole number at least {@code min}, or {@code defaultValue}. */
    public int getInt(String name, int defaultValue, int min) {
        long v = getLong(name, defaultValue, min);
        if (v > Integer.MAX_VALUE) {
            throw ConfigException.of(name, String.valueOf(v), "must be <= " + Integer.MAX_VALUE);
        }
        return (int) v;
    }

    /** A finite number or {@code defaultValue}. */
    public double getDouble(String name, double defaultValue) {
        String v = getString(name, null);
        if (v == null) {
            return defaultValue;
        }
        try {
            return org.openmark.api.ValueSyntax.number(v);
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(name, v, e.getMessage());
        }
    }

    /** A number in [min, max] or {@code defaultValue}. */
    public double getDouble(String name, double defaultValue, double min, double max) {
        double d = getDouble(name, defaultValue);
        if (d < min || d > max) {
            throw ConfigException.of(name, getString(name, String.valueOf(d)),
                    "must be between " + min + " and " + max);
        }
        return d;
    }

    /** {@code true}/{@code false} or {@code defaultValue}. */
    public boolean getBoolean(String name, boolean defaultValue) {
        String v = getString(name, null);
        if (v == null) {
            return defaultValue;
        }
        try {
            return org.openmark.api.ValueSyntax.bool(v);
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(name, v, e.getMessage());
        }
    }

    /**
     * One of the allowed words (case-insensitive), or {@code defaultValue}. The error lists the
     * allowed values and suggests the closest.
     */
    public String getChoice(String name, String defaultValue, List<String> allowed) {
        String v = getString(name, null);
        if (v == null) {
            return defaultValue;
        }
        for (String a : allowed) {
            if (a.equalsIgnoreCase(v)) {
                return a;
            }
        }
        throw ConfigException.of(name, v, notAllowed(v, allowed));
    }

    /** An enum constant named by the value (case-insensitive, '-' and '_' alike), or the default. */
    public <E extends Enum<E>> E getEnum(String name, E defaultValue, Class<E> type) {
        String v = getString(name, null);
        if (v == null) {
            return defaultValue;
        }
        E e = org.openmark.api.ValueSyntax.constant(v, type);
        if (e == null) {
            throw ConfigException.of(name, v, notAllowed(v, java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> c.name().toLowerCase(Locale.ROOT)).toList()));
        }
        return e;
    }

    /** The rule text for a value outside {@code allowed}: the list plus "did you mean". */
    public static String notAllowed(String value, List<String> allowed) {
        List<String> close = Suggestions.closeMatches(value, allowed);
        return "must be one of " + String.join(", ", allowed)
                + (close.isEmpty() ? "" : " (did you mean " + close.get(0) + "?)");
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
