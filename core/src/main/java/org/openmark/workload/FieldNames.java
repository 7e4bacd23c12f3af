package org.openmark.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The field names prefix0 … prefix(n-1), built once: the names, the set of all, one-name sets. Immutable. */
final class FieldNames {
    private final String[] names;
    private final Set<String> all;
    private final List<Set<String>> singles;
    private final Map<String, Integer> index;

    FieldNames(String prefix, int count) {
        names = new String[count];
        List<Set<String>> oneEach = new ArrayList<>(count);
        index = new HashMap<>(count * 2);
        for (int i = 0; i < count; i++) {
            names[i] = prefix + i;
            oneEach.add(Set.of(names[i]));
            index.put(names[i], i);
        }
        singles = List.copyOf(oneEach);
        all = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(names)));
    }

    int count() {
        return names.length;
    }

    String name(int i) {
        return names[i];
    }

    /** All names, in field order. */
    Set<String> all() {
        return all;
    }

    /** The set holding only field {@code i}. */
    Set<String> single(int i) {
        return singles.get(i);
    }

    /** The position of {@code name}, or -1. */
    int indexOf(Object name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }
}
