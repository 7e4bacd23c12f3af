package org.openmark.store.sim.engine;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** One request to the engine; the same types travel over the wire. */
public sealed interface SimRequest {

    /** Reads one record; {@code fields == null} means all fields. */
    record Read(String table, String key, Set<String> fields) implements SimRequest {
        public Read {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(key, "key");
        }
    }

    /** Reads up to {@code count} records from {@code startKey} on, in key order. */
    record Scan(String table, String startKey, int count, Set<String> fields) implements SimRequest {
        public Scan {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(startKey, "startKey");
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0: " + count);
            }
        }
    }

    /** Writes the given fields into the record (creating it when absent). */
    record Update(String table, String key, Map<String, byte[]> values) implements SimRequest {
        public Update {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(values, "values");
        }
    }

    /** Writes a whole record (replacing one that exists). */
    record Insert(String table, String key, Map<String, byte[]> values) implements SimRequest {
        public Insert {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(values, "values");
        }
    }

    /** Deletes a record (writes a tombstone). */
    record Delete(String table, String key) implements SimRequest {
        public Delete {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(key, "key");
        }
    }

    /** Asks for the ground truth so far (as JSON). */
    record Stats() implements SimRequest {
    }
}
