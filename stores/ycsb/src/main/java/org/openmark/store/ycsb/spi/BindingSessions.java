package org.openmark.store.ycsb.spi;

import java.util.Map;
import org.openmark.api.Session;

/**
 * Opens sessions on one YCSB binding class. Implemented inside the binding's class loader (by the
 * bridge, which is compiled against {@code site.ycsb}); the store calls it from openmark's side.
 * Both sides see this interface as one type because the binding's class loader hands
 * {@code org.openmark.api} and this package to openmark's loader.
 */
public interface BindingSessions {

    /**
     * A new session: a new instance of the binding class, given every property, {@code init()}ed.
     *
     * @throws org.openmark.api.StoreUnreachableException when the constructor or {@code init()} throws
     * @throws org.openmark.api.StoreConfigException when a class the binding needs is on no entry of
     *     its class path
     */
    Session open();

    /** What the bridge knows about the binding (its transaction methods), for the result's store facts. */
    Map<String, String> facts();
}
