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
