package org.openmark.workload;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** Readable, deterministic descriptions of core operations for comparing sequences in tests. */
final class Operations {
    private Operations() {
    }

    static String describe(Operation op) {
        return switch (op) {
            case ReadOperation r -> "READ " + r.key() + " " + r.fields();
            case UpdateOperation u -> "UPDATE " + u.key() + " " + values(u.values());
            case InsertOperation i -> "INSERT " + i.key() + " " + values(i.values());
            case LoadInsertOperation i -> "LOAD " + i.key() + " " + values(i.values());
            case ScanOperation s -> "SCAN " + s.startKey() + " " + s.recordCount() + " " + s.fields();
            case DeleteOperation d -> "DELETE " + d.key();
            case ReadModifyWriteOperation m -> "RMW " + m.key() + " " + m.fields() + " " + values(m.values());
            default -> throw new AssertionError("unknown operation " + op);
        };
    }

    static String values(Map<String, byte[]> values) {
        Map<String, String> sorted = new TreeMap<>();
        values.forEach((k, v) -> sorted.put(k, new String(v, StandardCharsets.ISO_8859_1)));
        return sorted.toString();
    }

    /** The key an operation touches. */
    static String key(Operation op) {
        return switch (op) {
            case ReadOperation r -> r.key();
            case UpdateOperation u -> u.key();
            case InsertOperation i -> i.key();
            case LoadInsertOperation i -> i.key();
            case ScanOperation s -> s.startKey();
            case DeleteOperation d -> d.key();
            case ReadModifyWriteOperation m -> m.key();
            default -> throw new AssertionError("unknown operation " + op);
        };
    }
}
