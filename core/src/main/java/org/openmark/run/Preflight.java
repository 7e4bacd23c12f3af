package org.openmark.run;

import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreUnreachableException;
import org.openmark.config.ConfigException;

/**
 * Before anything is measured: does the store answer at all? One harmless round trip
 * ({@link Session#ping}); a store that is not listening or refuses the credentials ends the
 * command with one line naming where it was looked for and what it said, instead of a run full
 * of errors. In real time the same session then makes a few hundred more pings, so the
 * binding's call path is compiled and its connection made before the first measured operation.
 * Stores embedded in the process need neither.
 */
public final class Preflight {
    /** Pings that warm the call path (a fraction of a second). */
    private static final int WARM_PINGS = 300;

    private Preflight() {
    }

    /**
     * @param storeName the store's name as the user gave it
     * @param warm also warm the binding's call path
     * @throws StoreUnreachableException when the store does not answer
     */
    public static void check(Store store, String storeName, String table, boolean warm) {
        if (store.isEmbedded()) {
            return;
        }
        String where = store.target().isEmpty() ? "store '" + storeName + "'" : storeName + " (" + store.target() + ")";
        Session session;
        try {
            session = store.newSession();
        } catch (StoreConfigException e) {
            // a session that refuses its configuration (a binding missing a class it needs) is bad input
            throw new ConfigException(e.getMessage());
        } catch (StoreException | IllegalStateException e) {
            throw new StoreUnreachableException("cannot reach " + where + ": " + e.getMessage());
        }
        try (session) {
            Status st = session.ping(table);
            if (st != Status.OK && st != Status.NOT_FOUND) {
                String said = session.lastFailure();
                throw new StoreUnreachableException("cannot reach " + where + ": the first request ended "
                        + st + (said == null ? "" : ": " + said) + "; nothing was measured");
            }
            for (int i = 0; warm && i < WARM_PINGS; i++) {
                session.ping(table);
            }
        }
        // While it answers: the binding remembers them, so a result never waits for a store
        // that hangs later to describe itself.
        StoreFacts.ask(store, StoreFacts.LIMIT, warm);
    }
}
