package org.openmark.store.ycsb;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Counts, by label, what openmark's statuses cannot show: YCSB statuses without an openmark namesake
 * ({@code status.FORBIDDEN}, {@code status.BATCHED_OK}, a binding's own names), calls that threw
 * ({@code exceptions}), failed {@code cleanup()}s and {@code init()}s. Only unusual outcomes are
 * counted, so the cost on the usual path is nothing. Thread-safe.
 */
final class UnusualOutcomes implements Consumer<String> {
    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    @Override
    public void accept(String label) {
        counts.computeIfAbsent(label, k -> new LongAdder()).increment();
    }

    /** The count of one label (0 when never counted). */
    long count(String label) {
        LongAdder adder = counts.get(label);
        return adder == null ? 0 : adder.sum();
    }

    /** Every label counted so far with its count, in label order. */
    Map<String, String> asFacts() {
        Map<String, String> out = new TreeMap<>();
        counts.forEach((label, adder) -> out.put(label, Long.toString(adder.sum())));
        return out;
    }
}
