package org.openmark.api;

import java.util.Set;

/**
 * What a store that hands every property to code of its own (a YCSB binding) knows of the names that
 * code reads: the names it declares, and the prefixes under which any name is its code's. A property
 * neither openmark nor this knows is warned about as on any other store, with the closest known name.
 *
 * @param names the names the code declares (YCSB's core, the binding class)
 * @param prefixes a name starting with one of these is the code's ({@code mongodb.})
 */
public record PassedOnNames(Set<String> names, Set<String> prefixes) {
    /** Every name may be the code's: nothing is warned about. */
    public static final PassedOnNames ANY = new PassedOnNames(Set.of(), Set.of(""));

    public PassedOnNames {
        names = Set.copyOf(names);
        prefixes = Set.copyOf(prefixes);
    }

    /** True when the code may read {@code name}. */
    public boolean knows(String name) {
        if (names.contains(name)) {
            return true;
        }
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
