package org.openmark.store.sim.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** Selects the requested fields of a stored record. */
final class Projection {
    private Projection() {
    }

    /** The requested fields ({@code null} = all) of {@code record}, in a new map; the arrays are shared. */
    static Map<String, byte[]> of(Map<String, byte[]> record, Set<String> fields) {
        if (fields == null) {
            return new HashMap<>(record);
        }
        Map<String, byte[]> out = new HashMap<>();
        for (String f : fields) {
            byte[] v = record.get(f);
            if (v != null) {
                out.put(f, v);
            }
        }
        return out;
    }
}
