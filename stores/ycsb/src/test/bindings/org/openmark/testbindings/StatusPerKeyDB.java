package org.openmark.testbindings;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * In the manner of YCSB's GoodBadUglyDB, but deterministic: the outcome of a call depends only on
 * its key, cycling through every YCSB 0.17 status, custom ones (one named like an openmark status),
 * no status at all, and exceptions. Each outcome is counted per operation in {@link #RETURNED}
 * ({@code READ FORBIDDEN}, {@code INSERT throws}, …) so a test can compare openmark's counts with
 * what the binding really answered. The pre-flight ping's key is answered NOT_FOUND and not counted.
 */
public class StatusPerKeyDB extends DB {
    /** Every outcome, in the order keys pick them ({@code floorMod(key.hashCode(), length)}). */
    public static final String[] OUTCOMES = {"OK", "ERROR", "NOT_FOUND", "NOT_IMPLEMENTED", "UNEXPECTED_STATE",
        "BAD_REQUEST", "FORBIDDEN", "SERVICE_UNAVAILABLE", "BATCHED_OK", "THROTTLED", "TIMEOUT", "null", "throws",
        "OK", "OK", "OK"};
    /** {@code "OP OUTCOME"} → how often the binding answered so. */
    public static final Map<String, AtomicLong> RETURNED = new ConcurrentHashMap<>();

    private static final Map<String, Status> STATUSES = Map.of("OK", Status.OK, "ERROR", Status.ERROR,
            "NOT_FOUND", Status.NOT_FOUND, "NOT_IMPLEMENTED", Status.NOT_IMPLEMENTED,
            "UNEXPECTED_STATE", Status.UNEXPECTED_STATE, "BAD_REQUEST", Status.BAD_REQUEST,
            "FORBIDDEN", Status.FORBIDDEN, "SERVICE_UNAVAILABLE", Status.SERVICE_UNAVAILABLE,
            "BATCHED_OK", Status.BATCHED_OK, "THROTTLED", new Status("THROTTLED", "slow down"));

    /** The outcome of any call on {@code key}. */
    public static String outcomeOf(String key) {
        return OUTCOMES[Math.floorMod(key.hashCode(), OUTCOMES.length)];
    }

    private static Status answer(String op, String key) {
        if (key.equals("openmark-ping")) {
            return Status.NOT_FOUND;
        }
        String outcome = outcomeOf(key);
        RETURNED.computeIfAbsent(op + " " + outcome, k -> new AtomicLong()).incrementAndGet();
        return switch (outcome) {
            case "throws" -> throw new IllegalStateException("no answer for " + key);
            case "null" -> null;
            case "TIMEOUT" -> new Status("TIMEOUT", "the binding's own timeout");
            default -> STATUSES.get(outcome);
        };
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        Status s = answer("READ", key);
        if (s == Status.OK) {
            result.put("field0", new StringByteIterator("value of " + key));
        }
        return s;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        return answer("SCAN", startkey);
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        return answer("UPDATE", key);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return answer("INSERT", key);
    }

    @Override
    public Status delete(String table, String key) {
        return answer("DELETE", key);
    }
}
