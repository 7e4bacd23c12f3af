package org.openmark.run;

import java.util.Locale;
import org.openmark.api.Clock;
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
 * of errors. In real time the same session then makes more pings, in rounds, until a round is no
 * faster than the one before it (the binding's call path is compiled and its connection made):
 * every ping is a call the store serves, so no more than warming needs, and their number is told
 * ({@link #note}). Stores embedded in the process need neither.
 */
public final class Preflight {
    /** Pings per warming round. */
    static final int ROUND = 25;
    /** The most warming pings (a fraction of a second on any store that answers at all). */
    static final int MAX_WARM_PINGS = 300;
    /** A round this much faster than the one before means the call path is still warming. */
    private static final double STILL_WARMING = 0.9;

    private Preflight() {
    }

    /**
     * @param storeName the store's name as the user gave it
     * @param warm also warm the binding's call path
     * @return the calls made to the store (0 for an embedded store)
     * @throws StoreUnreachableException when the store does not answer
     */
    public static int check(Store store, String storeName, String table, boolean warm, Clock clock) {
        if (store.isEmbedded()) {
            return 0;
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
        int calls = 1;
        try (session) {
            Status st = session.ping(table);
            if (st != Status.OK && st != Status.NOT_FOUND) {
                String said = session.lastFailure();
                throw new StoreUnreachableException("cannot reach " + where + ": the first request ended "
                        + st + (said == null ? "" : ": " + said) + "; nothing was measured");
            }
            if (warm) {
                calls += warm(session, table, clock);
            }
        }
        // While it answers: the binding remembers them, so a result never waits for a store
        // that hangs later to describe itself.
        StoreFacts.ask(store, StoreFacts.LIMIT, warm);
        return calls;
    }

    /** Pings in rounds until a round is not clearly faster than the one before; the pings made. */
    static int warm(Session session, String table, Clock clock) {
        long previous = Long.MAX_VALUE;
        int pings = 0;
        while (pings < MAX_WARM_PINGS) {
            long start = clock.nanoTime();
            for (int i = 0; i < ROUND; i++) {
                session.ping(table);
            }
            pings += ROUND;
            long took = clock.nanoTime() - start;
            if (took >= previous * STILL_WARMING) {
                break;
            }
            previous = took;
        }
        return pings;
    }

    /**
     * The note a result carries about the calls the pre-flight made, if it made any.
     *
     * @param openModel whether the run's sessions each make one more call as they open
     */
    public static java.util.Optional<String> note(int calls, String table, boolean openModel) {
        if (calls == 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "before anything was measured the pre-flight made %d call%s to the store,"
                + " each a read of the absent key '%s' in %s (1 to see that it answers%s)%s. None is measured",
                calls, calls == 1 ? "" : "s", Session.PING_KEY, table, calls == 1 ? "" : ", " + (calls - 1)
                        + " to warm the binding's call path", openModel ? "; the open model's sessions each make one"
                        + " more as they open, before the schedule starts" : ""));
    }
}
