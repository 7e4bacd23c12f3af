package org.openmark.api;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The effective properties handed to a store (immutable). Typed getters throw a
 * {@link StoreConfigException} naming the property when a value does not parse.
 */
public final class StoreProperties {
    private final Map<String, String> values;

    private StoreProperties(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** Properties from a map (copied). */
    public static StoreProperties of(Map<String, String> values) {
        return new StoreProperties(Objects.requireNonNull(values, "values"));
    }

    /** No properties. */
    public static StoreProperties empty() {
        return new StoreProperties(Map.of());
    }

    /** All properties, sorted by name. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The value, or {@code defaultValue} when absent. */
    public String get(String name, String defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : v;
    }

    /** The value, or {@code null} when absent. */
    public String get(String name) {
        return values.get(name);
    }

    /** True when the property is set. */
    public boolean contains(String name) {
        return values.containsKey(name);
    }

    /** A whole number ({@link ValueSyntax}: {@code 1_000} too), or {@code defaultValue} when absent. */
    public long getLong(String name, long defaultValue) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            return ValueSyntax.wholeNumber(v);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(name, v, e.getMessage());
        }
    }

    /** An int value, or {@code defaultValue} when absent. */
    public int getInt(String name, int defaultValue) {
        long v = getLong(name, defaultValue);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new StoreConfigException(name, values.get(name), "must fit in 32 bits");
        }
        return (int) v;
    }

    /** A finite number, or {@code defaultValue} when absent. */
    public double getDouble(String name, double defaultValue) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            return ValueSyntax.number(v);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(name, v, e.getMessage());
        }
    }

    /** A boolean value ({@code true} or {@code false}), or {@code defaultValue} when absent. */
    public boolean getBoolean(String name, boolean defaultValue) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            return ValueSyntax.bool(v);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(name, v, e.getMessage());
        }
    }

    /** A constant of {@code type} named by the value (any case, '-' for '_'), or {@code defaultValue} when absent. */
    public <E extends Enum<E>> E getEnum(String name, E defaultValue, Class<E> type) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        E e = ValueSyntax.constant(v, type);
        if (e == null) {
            throw new StoreConfigException(name, v, "must be one of " + java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> c.name().toLowerCase(java.util.Locale.ROOT)).collect(
                            java.util.stream.Collectors.joining(", ")));
        }
        return e;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
