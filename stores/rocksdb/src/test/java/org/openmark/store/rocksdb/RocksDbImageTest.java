package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Imageable;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreImage;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ContentHash;
import org.openmark.store.contract.ImageContractTest;

class RocksDbImageTest {
    private static final int RESTORES = 5;

    @Test
    void restoreImage_sessionsBusyMeanwhile_everyCallOkOrErrorAndContentExact() throws Exception {
        try (RocksDbStore store = new RocksDbStoreFactory().open(StoreProperties.empty());
                Session loader = store.newSession()) {
            for (int i = 0; i < 200; i++) {
                assertEquals(Status.OK, loader.insert("usertable", "user" + (1000 + i), Map.of("field0", new byte[] {(byte) i})));
            }
            ContentHash saved = ContentHash.of(loader, "usertable");
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch running = new CountDownLatch(2);
            ExecutorService workers = Executors.newFixedThreadPool(2);
            try (StoreImage image = store.saveImage()) {
                List<Future<Set<Status>>> statuses = new ArrayList<>();
                for (int w = 0; w < 2; w++) {
                    int worker = w;
                    statuses.add(workers.submit(() -> hammer(store, worker, running, stop)));
                }
                running.await();
                for (int r = 0; r < RESTORES; r++) {
                    store.restoreImage(image);
                }
                stop.set(true);
                for (Future<Set<Status>> seen : statuses) {
                    Set<Status> unexpected = EnumSet.copyOf(seen.get());
                    unexpected.removeAll(EnumSet.of(Status.OK, Status.NOT_FOUND, Status.ERROR));
                    assertTrue(unexpected.isEmpty(), "statuses during restores: " + seen.get());
                }
                store.restoreImage(image);
                assertEquals(saved, ContentHash.of(loader, "usertable"));
            } finally {
                workers.shutdownNow();
            }
        }
    }

    /** Reads, scans and writes on one session until stopped; returns the statuses seen. */
    private static Set<Status> hammer(RocksDbStore store, int worker, CountDownLatch running, AtomicBoolean stop) {
        Set<Status> seen = EnumSet.noneOf(Status.class);
        try (Session session = store.newSession()) {
            for (int i = 0; !stop.get(); i++) {
                String key = "user" + (1000 + i % 300);
                seen.add(session.read("usertable", key, null, new HashMap<>()));
                seen.add(session.scan("usertable", key, 5, null, new ArrayList<>()));
                seen.add(session.insert(worker == 0 ? "usertable" : "other", key, Map.of("field1", new byte[] {1})));
                seen.add(session.update("usertable", key, Map.of("field2", new byte[] {2})));
                running.countDown();
            }
        }
        return seen;
    }

    private static void assertDirectoryGone(StoreImage image) {
        Path checkpoint = ((RocksDbImage) image).checkpoint();
        assertFalse(Files.exists(checkpoint), checkpoint + " still exists");
    }

    /** A store in a temporary directory: images go to temporary directories of their own. */
    @Nested
    class TemporaryDirectory extends ImageContractTest {
        private int tablesNamed;

        @Override
        protected Store openStore() {
            return new RocksDbStoreFactory().open(StoreProperties.empty());
        }

        @Override
        protected String newTableName() {
            return "usertable" + ++tablesNamed;
        }

        @Override
        protected void assertFreed(StoreImage image) {
            assertDirectoryGone(image);
        }
    }

    /** A store in {@code rocksdb.dir}: images go next to it, as {@code <dir>.image-<n>}. */
    @Nested
    class ConfiguredDirectory extends ImageContractTest {
        @TempDir
        Path tmp;
        private int tablesNamed;

        @Override
        protected Store openStore() {
            // the WAL off makes the checkpoint flush the memtables: images then hold SST files only
            return new RocksDbStoreFactory().open(StoreProperties.of(Map.of(
                    "rocksdb.dir", tmp.resolve("db").toString(), "rocksdb.wal", "false")));
        }

        @Override
        protected String newTableName() {
            return "usertable" + ++tablesNamed;
        }

        @Override
        protected void assertFreed(StoreImage image) {
            assertDirectoryGone(image);
        }

        @Test
        void saveImage_configuredDir_checkpointsNextToIt() {
            try (StoreImage first = ((Imageable) store).saveImage(); StoreImage second = ((Imageable) store).saveImage()) {
                assertEquals(tmp.resolve("db.image-1"), ((RocksDbImage) first).checkpoint());
                assertEquals(tmp.resolve("db.image-2"), ((RocksDbImage) second).checkpoint());
                assertTrue(Files.isRegularFile(tmp.resolve("db.image-1/CURRENT")));
                assertTrue(first.describe().contains("db.image-1"), first.describe());
            }
        }

        @Test
        void restoreImage_configuredDir_sameDirectorySstFilesHardLinked() throws Exception {
            Path dir = ((RocksDbStore) store).directory();
            try (StoreImage image = ((Imageable) store).saveImage()) {
                ((Imageable) store).restoreImage(image);
                assertEquals(tmp.resolve("db"), dir);
                assertEquals(dir, ((RocksDbStore) store).directory());
                assertFalse(store.isKnownEmpty(table));
                List<Path> sstFiles;
                try (var files = Files.list(dir)) {
                    sstFiles = files.filter(f -> f.toString().endsWith(".sst")).toList();
                }
                assertFalse(sstFiles.isEmpty(), "no SST file in " + dir);
                for (Path sst : sstFiles) {
                    // linked from the image (and the image's from the database it was saved from)
                    assertTrue((Integer) Files.getAttribute(sst, "unix:nlink") >= 2, sst + " is a copy");
                }
            }
        }
    }
}
