package org.openmark.txn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * How units of work ended, counted by every {@link TransactionalOperation} of a run
 * (thread-safe). Once the run is over, {@code units = committed + aborted}; {@code retries}
 * counts the extra attempts, whose aborts are not final and so not in {@code aborted}.
 */
public final class TxnCounters {
    private final LongAdder units = new LongAdder();
    private final LongAdder committed = new LongAdder();
    private final LongAdder aborted = new LongAdder();
    private final LongAdder retries = new LongAdder();

    void countUnit() {
        units.increment();
    }

    void countCommit() {
        committed.increment();
    }

    void countFinalAbort() {
        aborted.increment();
    }

    void countRetry() {
        retries.increment();
    }

    /** Units of work begun. */
    public long units() {
        return units.sum();
    }

    /** Units whose commit the store acknowledged. */
    public long committed() {
        return committed.sum();
    }

    /** Units that ended without a commit after their last attempt. */
    public long aborted() {
        return aborted.sum();
    }

    /** Attempts beyond the first (re-runs after an abort). */
    public long retries() {
        return retries.sum();
    }

    /** Lines for the text report: {@code [TXN], Units, n} and so on. */
    public List<String> textLines() {
        return values().entrySet().stream()
                .map(e -> "[TXN], " + Character.toUpperCase(e.getKey().charAt(0)) + e.getKey().substring(1) + ", "
                        + e.getValue())
                .toList();
    }

    /** The four figures for result.json. */
    public Map<String, Object> values() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("units", units());
        m.put("committed", committed());
        m.put("aborted", aborted());
        m.put("retries", retries());
        return m;
    }

    @Override
    public String toString() {
        return "TxnCounters" + values();
    }
}
