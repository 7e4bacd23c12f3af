package org.openmark.api;

/** A saved image of a store's content (see {@link Imageable}); closing it frees its space. */
public interface StoreImage extends AutoCloseable {

    /** Where or what the image is, for reports (e.g. a checkpoint directory). */
    String describe();

    @Override
    void close();
}
