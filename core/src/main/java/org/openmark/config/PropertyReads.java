package org.openmark.config;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The property names that were read, or marked known, while a configuration was resolved, so that
 * afterwards the harness can warn about properties nobody read (YCSB silently ignores typos) and
 * suggest the name that was meant. One record is shared by a {@link Settings} and its
 * {@link Settings#with} copies; it only grows, and components add to it from any thread.
 */
public final class PropertyReads {
    private final Set<String> names = ConcurrentHashMap.newKeySet();

    /** Records that {@code name} was asked for. */
    void read(String name) {
        names.add(name);
    }

    /** Marks names as known without reading them (e.g. a store's own properties). */
    public void markKnown(Collection<String> known) {
        names.addAll(known);
    }

    /** True when {@code name} was read or marked known. */
    public boolean known(String name) {
        return names.contains(name);
    }

    /** Every name read or marked known, sorted (the known property names, for suggestions). */
    public Set<String> names() {
        return new TreeSet<>(names);
    }
}
