package org.openmark.store.sim;

import java.util.Map;
import java.util.TreeMap;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.openmark.store.sim.model.KeyHistory;

/** An image of the simulated store: a copy of every key's version history, held in memory. */
final class SimImage implements StoreImage {
    private volatile Map<String, TreeMap<String, KeyHistory>> tables;

    SimImage(Map<String, TreeMap<String, KeyHistory>> tables) {
        this.tables = tables;
    }

    /** The saved tables; throws once the image is closed. */
    Map<String, TreeMap<String, KeyHistory>> tables() {
        Map<String, TreeMap<String, KeyHistory>> t = tables;
        if (t == null) {
            throw new StoreException("this simulated store image was closed");
        }
        return t;
    }

    boolean isClosed() {
        return tables == null;
    }

    @Override
    public String describe() {
        Map<String, TreeMap<String, KeyHistory>> t = tables;
        return t == null ? "simulated store image (closed)"
                : "simulated store image of " + t.values().stream().mapToInt(Map::size).sum() + " keys";
    }

    @Override
    public void close() {
        tables = null;
    }
}
