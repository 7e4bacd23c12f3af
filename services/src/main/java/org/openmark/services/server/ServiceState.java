package org.openmark.services.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a service's state file holds: its kind and its own {@code key=value} pairs, in their order. Each kind
 * reads the values it wrote through {@link #required} and {@link #number}, which name a missing key.
 */
public record ServiceState(ServiceKind kind, Map<String, String> values) {

    public ServiceState {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** A state of {@code kind} built from alternating keys and values. */
    public static ServiceState of(ServiceKind kind, Object... keysAndValues) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            values.put(keysAndValues[i].toString(), keysAndValues[i + 1].toString());
        }
        return new ServiceState(kind, values);
    }

    /** This state with one more value (or one replaced). */
    public ServiceState with(String key, Object value) {
        Map<String, String> changed = new LinkedHashMap<>(values);
        changed.put(key, value.toString());
        return new ServiceState(kind, changed);
    }

    public Optional<String> value(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** The value of {@code key}; throws naming it when the state has none. */
    public String required(String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("the state has no " + key);
        }
        return value;
    }

    /** The whole number under {@code key}; throws naming it when it is missing or not a number. */
    public long number(String key) {
        String value = required(key);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + value + ": not a number");
        }
    }
}
