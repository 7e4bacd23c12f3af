package org.openmark.run;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.openmark.api.Store;

/**
 * What a store says about itself ({@link Store#facts}), asked with a time limit: a binding may
 * ask its server, and a server that hangs must not hold a run (its report, its pre-flight) for
 * the length of the driver's socket timeout. Bindings remember what they learned, so the
 * pre-flight asks while the store answers and every later call returns at once.
 */
public final class StoreFacts {
    /** How long a result waits for the store to describe itself. */
    public static final Duration LIMIT = Duration.ofSeconds(3);

    private StoreFacts() {
    }

    /**
     * The store's facts in key order; empty when it failed to say or did not say within {@code limit}
     * (the asking thread is then left to the driver's own timeout, as a daemon).
     *
     * @param realTime false under a virtual clock, where only stores in this process run and the
     *     call is made directly (a thread of its own would not be known to the clock)
     */
    public static Map<String, String> ask(Store store, Duration limit, boolean realTime) {
        if (!realTime) {
            return safely(store);
        }
        CompletableFuture<Map<String, String>> answer = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("openmark-store-facts").start(() -> answer.complete(safely(store)));
        try {
            return answer.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    private static Map<String, String> safely(Store store) {
        try {
            return new TreeMap<>(store.facts());
        } catch (RuntimeException e) {
            return Map.of();
        }
    }
}
