package org.openmark.api;

import java.util.Map;
import java.util.function.Supplier;

/**
 * A store's facts about its server ({@link Store#facts()}: product, version), asked on first use and
 * remembered, so that every result of the store's runs reports the same ones without asking again. A
 * server that did not answer that once has none (the asking returns what it learned, or an empty map).
 */
public final class AskedOnce {
    private final Supplier<Map<String, String>> ask;
    private Map<String, String> facts;

    /** @param ask asks the server; must not throw for a server that does not answer */
    public AskedOnce(Supplier<Map<String, String>> ask) {
        this.ask = ask;
    }

    /** The facts, asked now if never before. */
    public synchronized Map<String, String> get() {
        if (facts == null) {
            facts = Map.copyOf(ask.get());
        }
        return facts;
    }
}
