package org.openmark.store.memory;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.openmark.api.Imageable;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreImage;

/**
 * A thread-safe store held in memory: one {@link ConcurrentSkipListMap} per table, keys in
 * {@link String} order. Stored records are private, never-mutated maps (see {@link Fields}),
 * so readers need no locks and writers replace a record in one atomic map operation.
 *
 * <p>Images ({@link Imageable}) copy the table maps; a restore swaps in fresh copies at once.
 * Sessions look tables up on every call, so they see the restored content; a call running
 * during the restore may land in the replaced tables and be lost, which is why images are
 * saved and restored between runs, while no call is in flight.
 */
public final class MemoryStore implements Store, Imageable {
    private volatile Map<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> tables =
            new ConcurrentHashMap<>();
    private final Set<MemoryImage> openImages = ConcurrentHashMap.newKeySet();

    @Override
    public boolean isEmbedded() {
        return true;
    }

    @Override
    public Session newSession() {
        return new MemorySession(this);
    }

    @Override
    public boolean isKnownEmpty(String table) {
        ConcurrentSkipListMap<String, Map<String, byte[]>> rows = tables.get(table);
        return rows == null || rows.isEmpty();
    }

    /** The table's rows, or {@code null} when nothing was ever inserted into it. */
    ConcurrentSkipListMap<String, Map<String, byte[]>> existingTable(String table) {
        return tables.get(table);
    }

    /** The table's rows, created empty on first use. */
    ConcurrentSkipListMap<String, Map<String, byte[]>> table(String table) {
        return tables.computeIfAbsent(table, t -> new ConcurrentSkipListMap<>());
    }

    /** Copies every table; the image lives until it or the store is closed. */
    @Override
    public StoreImage saveImage() {
        MemoryImage image = MemoryImage.of(this, tables);
        openImages.add(image);
        return image;
    }

    /** Replaces every table by a copy of the image's; tables written after the save are gone. */
    @Override
    public void restoreImage(StoreImage image) {
        if (!(image instanceof MemoryImage memoryImage)) {
            throw new IllegalArgumentException("the memory store cannot restore " + image.describe()
                    + ": it is not a memory store image");
        }
        tables = new ConcurrentHashMap<>(memoryImage.copyTables());
    }

    void forget(MemoryImage image) {
        openImages.remove(image);
    }

    /** Drops every table and closes the images still open. */
    @Override
    public void close() {
        tables.clear();
        for (MemoryImage image : openImages) {
            image.close();
        }
    }
}
