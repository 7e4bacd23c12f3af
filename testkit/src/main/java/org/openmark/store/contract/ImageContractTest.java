package org.openmark.store.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openmark.api.Imageable;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * The {@link Imageable} contract: after any mix of updates, inserts of new keys, deletes and
 * writes to a table created later, restoring an image brings back exactly the content saved
 * (compared by {@link ContentHash}), as often as asked; sessions opened before keep working;
 * closing an image (or the store) frees it. A store module extends this class.
 */
public abstract class ImageContractTest {
    /** Records carry these fields (stores with a fixed schema must allow them). */
    protected static final int FIELD_COUNT = 4;
    private static final long SEED = 20250101L;
    private static final int RECORDS = 150;
    private static final int CHANGES = 15;

    protected Store store;
    protected String table;
    /** A table first written after the image was saved: a restore must leave it empty. */
    protected String laterTable;
    private Session session;
    private SplittableRandom random;
    private int mutations;

    /** A fresh store that supports images. */
    protected abstract Store openStore();

    /** A table name not used before (stores on a shared server keep tables between tests). */
    protected abstract String newTableName();

    /** Asserts that the closed image's space is freed (directory deleted, tables dropped, memory released). */
    protected abstract void assertFreed(StoreImage image);

    @BeforeEach
    void openStoreAndFill() {
        store = openStore();
        assertInstanceOf(Imageable.class, store);
        table = newTableName();
        laterTable = newTableName();
        random = new SplittableRandom(SEED);
        session = store.newSession();
        for (int i = 0; i < RECORDS; i++) {
            assertEquals(Status.OK, session.insert(table, key(2 * i), randomFields()));
        }
        byte[] everyByte = new byte[256];
        for (int b = 0; b < everyByte.length; b++) {
            everyByte[b] = (byte) b;
        }
        assertEquals(Status.OK, session.update(table, key(0), Map.of("field0", everyByte, "field1", new byte[0])));
    }

    @AfterEach
    void closeStore() {
        session.close();
        store.close();
    }

    /** Even numbers are loaded; odd ones are free for inserts of new keys. */
    private static String key(int i) {
        return String.format("user%06d", i);
    }

    private Map<String, byte[]> randomFields() {
        Map<String, byte[]> fields = new LinkedHashMap<>();
        for (int f = 0; f < FIELD_COUNT; f++) {
            byte[] value = new byte[random.nextInt(0, 65)];
            random.nextBytes(value);
            fields.put("field" + f, value);
        }
        return fields;
    }

    private Imageable imageable() {
        return (Imageable) store;
    }

    private ContentHash hash() {
        return ContentHash.of(session, table);
    }

    /** Updates, deletes and inserts of new keys in the table, and a write to a new table. */
    private void mutate() {
        List<Record> records = new ArrayList<>();
        assertEquals(Status.OK, session.scan(table, "", Integer.MAX_VALUE, null, records));
        List<String> existing = new ArrayList<>();
        records.forEach(r -> existing.add(r.key()));
        for (int i = existing.size() - 1; i > 0; i--) {
            Collections.swap(existing, i, random.nextInt(i + 1));
        }
        for (int i = 0; i < CHANGES; i++) {
            byte[] value = new byte[random.nextInt(1, 65)];
            random.nextBytes(value);
            assertEquals(Status.OK, session.update(table, existing.get(i), Map.of("field1", value)));
            assertEquals(Status.OK, session.delete(table, existing.get(CHANGES + i)));
            assertEquals(Status.OK, session.insert(table, newKey(existing), randomFields()));
        }
        mutations++;
        assertEquals(Status.OK, session.insert(laterTable, key(mutations), randomFields()));
    }

    /** A random odd key not among {@code taken} (some stores refuse to insert an existing key); adds it there. */
    private String newKey(List<String> taken) {
        String key;
        do {
            key = key(2 * random.nextInt(RECORDS * 2) + 1);
        } while (taken.contains(key));
        taken.add(key);
        return key;
    }

    private void assertRestored(ContentHash saved) {
        assertEquals(saved, hash());
        List<Record> later = new ArrayList<>();
        assertEquals(Status.OK, session.scan(laterTable, "", Integer.MAX_VALUE, null, later));
        assertEquals(0, later.size(), "records in " + laterTable + ", written after the save");
        assertTrue(store.isKnownEmpty(laterTable), laterTable + " known empty after the restore");
    }

    @Test
    void restoreImage_afterUpdatesInsertsDeletes_savedContentBack() {
        ContentHash saved = hash();
        try (StoreImage image = imageable().saveImage()) {
            mutate();
            assertNotEquals(saved, hash());

            imageable().restoreImage(image);

            assertRestored(saved);
        }
    }

    @Test
    void restoreImage_twice_savedContentEachTime() {
        ContentHash saved = hash();
        try (StoreImage image = imageable().saveImage()) {
            for (int round = 0; round < 2; round++) {
                mutate();
                assertNotEquals(saved, hash());
                imageable().restoreImage(image);
                assertRestored(saved);
            }
        }
    }

    @Test
    void restoreImage_twoImages_eachBringsBackItsOwnContent() {
        ContentHash first = hash();
        try (StoreImage firstImage = imageable().saveImage()) {
            mutate();
            ContentHash second = hash();
            try (StoreImage secondImage = imageable().saveImage()) {
                mutate();
                imageable().restoreImage(firstImage);
                assertEquals(first, hash());
                imageable().restoreImage(secondImage);
                assertEquals(second, hash());
            }
        }
    }

    @Test
    void restoreImage_sessionOpenedBefore_readsAndWritesAfter() {
        Map<String, byte[]> saved = new HashMap<>();
        assertEquals(Status.OK, session.read(table, key(0), null, saved));
        try (Session before = store.newSession(); StoreImage image = imageable().saveImage()) {
            assertEquals(Status.OK, before.delete(table, key(0)));

            imageable().restoreImage(image);

            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, before.read(table, key(0), null, read));
            assertEquals(saved.keySet(), read.keySet());
            saved.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
            assertEquals(Status.OK, before.insert(table, key(1), Map.of("field0", new byte[] {7})));
            Map<String, byte[]> written = new HashMap<>();
            assertEquals(Status.OK, session.read(table, key(1), null, written));
            assertArrayEquals(new byte[] {7}, written.get("field0"));
        }
    }

    @Test
    void close_image_freedAndRestoreRefused() {
        StoreImage image = imageable().saveImage();
        assertTrue(image.describe() != null && !image.describe().isBlank(), "describe: " + image.describe());

        image.close();

        assertFreed(image);
        assertThrows(StoreException.class, () -> imageable().restoreImage(image));
        assertDoesNotThrow(image::close, "closing twice");
    }

    @Test
    void close_store_freesItsOpenImages() {
        StoreImage image = imageable().saveImage();
        session.close();

        store.close();

        assertFreed(image);
    }

    @Test
    void restoreImage_imageOfAnotherKind_illegalArgument() {
        StoreImage foreign = new StoreImage() {
            @Override
            public String describe() {
                return "not this store's";
            }

            @Override
            public void close() {
            }
        };
        assertThrows(IllegalArgumentException.class, () -> imageable().restoreImage(foreign));
    }
}
