package org.openmark.api;

import java.util.Set;

/**
 * Opens a store of one kind. Implementations are found with {@link java.util.ServiceLoader}
 * (list the class in {@code META-INF/services/org.openmark.api.StoreFactory}) and selected
 * by {@link #name()} ({@code --store NAME}).
 */
public interface StoreFactory {

    /** The name users select the store by, e.g. {@code rocksdb}. */
    String name();

    /** One line for {@code openmark stores}. */
    String description();

    /**
     * The property names this store reads (e.g. {@code rocksdb.dir}), so the harness can
     * warn about misspelt ones.
     */
    Set<String> propertyNames();

    /**
     * Checks the properties as {@link #open} would, without opening or contacting anything: the
     * coordinator of a cluster run refuses bad input before any worker starts, although only the
     * workers open the store. The default checks nothing.
     *
     * @throws StoreConfigException when a property is invalid (names the property)
     */
    default void validate(StoreProperties properties) {
    }

    /**
     * True when the store hands every property to code openmark does not know, which may read any
     * of them (the YCSB adapter gives them all to the binding, as YCSB does). The harness then
     * lists the properties nobody in openmark read in a note, instead of warning that they are
     * ignored. False by default.
     */
    default boolean passesOnAllProperties() {
        return false;
    }

    /**
     * For a store that {@linkplain #passesOnAllProperties passes every property on}: what its code is
     * known to read. The harness notes those properties as passed on and warns about any other that
     * openmark does not read either, as for any store. By default every name may be the code's.
     */
    default PassedOnNames passedOnNames(StoreProperties properties) {
        return PassedOnNames.ANY;
    }

    /**
     * True when the store keeps what it is written, so a read can give it back (every store that
     * holds data, the simulated one included); false for a store that keeps nothing (the no-op
     * store). A measurement that reads its own writes back (staleness) refuses a store that keeps
     * nothing before it starts: every read of it would look stale. True by default.
     */
    default boolean keepsWrites() {
        return true;
    }

    /**
     * True when the store keeps the records it is written in this process's heap (an in-memory
     * store, the simulated store in this process): the harness then refuses a record count whose
     * records would not fit in it before anything starts. False by default.
     */
    default boolean keepsRecordsInHeap(StoreProperties properties) {
        return false;
    }

    /**
     * Opens the store.
     *
     * @throws StoreConfigException when a property is invalid (names the property)
     * @throws StoreException when the store cannot be opened
     */
    Store open(StoreProperties properties);

    /**
     * Opens the store with the harness's clock. Stores that simulate time (the simulated
     * store) override this; all others ignore the clock.
     */
    default Store open(StoreProperties properties, Clock clock) {
        return open(properties);
    }
}
