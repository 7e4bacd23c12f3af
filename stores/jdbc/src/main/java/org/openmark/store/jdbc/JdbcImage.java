package org.openmark.store.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * A saved image of a jdbc store: one copy table per table, {@code <table>__image_<n>}, in the
 * same schema (see {@link JdbcImager}). It costs the tables' size again on the database's
 * disk, without their indexes. Closing it drops the copies.
 */
final class JdbcImage implements StoreImage {
    private final Map<String, String> copies;
    private final Consumer<JdbcImage> dropper;
    private boolean closed;

    /**
     * @param copies each saved table's copy, by table name
     * @param dropper drops the copies (throws when it cannot)
     */
    JdbcImage(Map<String, String> copies, Consumer<JdbcImage> dropper) {
        this.copies = new LinkedHashMap<>(copies);
        this.dropper = dropper;
    }

    /** Each saved table's copy, by table name; throws once closed. */
    synchronized Map<String, String> copies() {
        if (closed) {
            throw new StoreException("cannot restore " + describe() + ": the image is closed");
        }
        return Map.copyOf(copies);
    }

    /** The copy tables' names, also after closing (for reports and tests). */
    List<String> copyNames() {
        return new ArrayList<>(copies.values());
    }

    @Override
    public String describe() {
        return copies.isEmpty() ? "table copies: none (no tables)" : "table copies " + String.join(", ", copies.values());
    }

    /** Drops the copy tables; later calls do nothing. When the database cannot be reached it throws and stays open. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        dropper.accept(this);
        closed = true;
    }
}
