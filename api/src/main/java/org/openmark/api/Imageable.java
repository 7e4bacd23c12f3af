package org.openmark.api;

/**
 * An optional capability of a {@link Store}: save an image of all its data and later restore
 * exactly that content ("image" reloads between rating experiments: RocksDB checkpoints,
 * PostgreSQL table copies, Redis DUMP/RESTORE, the simulated store's snapshot). Stores that
 * cannot do this simply do not implement it.
 */
public interface Imageable {

    /** Saves the current content of every table; the image lives until closed. */
    StoreImage saveImage();

    /**
     * Replaces the store's whole content with the image's. Sessions opened before may be
     * invalid afterwards; callers open new ones.
     */
    void restoreImage(StoreImage image);
}
