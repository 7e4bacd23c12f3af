package org.openmark.api;

/**
 * An opened data store: thread-safe, creates {@link Session}s. Opened by a
 * {@link StoreFactory} from properties.
 */
public interface Store extends AutoCloseable {

    /** A new session; each is used by one thread at a time. */
    Session newSession();

    /**
     * True only when the store knows the table holds no records (so a run may load it first);
     * false when it holds records or the store cannot tell.
     */
    default boolean isKnownEmpty(String table) {
        return false;
    }

    /** Closes the store and everything it opened. */
    @Override
    void close();
}
