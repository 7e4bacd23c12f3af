package org.openmark.store.noop;

import org.openmark.api.Session;
import org.openmark.api.Store;

/**
 * A store without state. {@link #isKnownEmpty} keeps the default {@code false}: the store
 * answers every read as if the record existed, so a run must not be told it needs loading.
 */
public final class NoopStore implements Store {
    static final NoopStore INSTANCE = new NoopStore();

    private NoopStore() {
    }

    /** The shared session: it has no state, so any number of threads may use it at once. */
    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public Session newSession() {
        return NoopSession.INSTANCE;
    }

    @Override
    public void close() {
        // Nothing was opened.
    }
}
