package org.openmark.config;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a derived configuration changed in the properties it came from, written as a user writes it:
 * values set (or replaced), and names left unset so that their default holds (a user leaves a
 * property out). Applied to the properties, they say what the derived configuration is: a result
 * records that, and properties parsed from it resolve to the same configuration.
 *
 * @param set names and the values they now have
 * @param unset names no longer given (disjoint from {@code set})
 */
public record PropertyChanges(Map<String, String> set, Set<String> unset) {
    /** No change. */
    public static final PropertyChanges NONE = new PropertyChanges(Map.of(), Set.of());

    public PropertyChanges {
        set = Collections.unmodifiableMap(new TreeMap<>(set));
        unset = Collections.unmodifiableSet(new TreeSet<>(unset));
        for (String name : unset) {
            if (set.containsKey(name)) {
                throw new IllegalArgumentException(name + " is both set and unset");
            }
        }
    }

    /** These changes and then {@code name=value}. */
    public PropertyChanges with(String name, String value) {
        Map<String, String> s = new TreeMap<>(set);
        s.put(name, value);
        Set<String> u = new TreeSet<>(unset);
        u.remove(name);
        return new PropertyChanges(s, u);
    }

    /** These changes and then {@code name} left out. */
    public PropertyChanges without(String name) {
        Map<String, String> s = new TreeMap<>(set);
        s.remove(name);
        Set<String> u = new TreeSet<>(unset);
        u.add(name);
        return new PropertyChanges(s, u);
    }

    /** These changes, then {@code later}'s. */
    public PropertyChanges then(PropertyChanges later) {
        PropertyChanges c = this;
        for (String name : later.unset) {
            c = c.without(name);
        }
        for (Map.Entry<String, String> e : later.set.entrySet()) {
            c = c.with(e.getKey(), e.getValue());
        }
        return c;
    }

    /** True when nothing changed. */
    public boolean isEmpty() {
        return set.isEmpty() && unset.isEmpty();
    }

    /** True when {@code name} is set or unset here. */
    public boolean changes(String name) {
        return set.containsKey(name) || unset.contains(name);
    }

    /** {@code properties} with these changes, sorted by name. */
    public Map<String, String> applyTo(Map<String, String> properties) {
        Map<String, String> m = new TreeMap<>(properties);
        m.keySet().removeAll(unset);
        m.putAll(set);
        return Collections.unmodifiableMap(m);
    }
}
