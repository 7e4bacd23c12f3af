package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreProperties;

/**
 * Database images for fast reloads between experiments: {@link #save} writes a RocksDB
 * checkpoint of a loaded store once; {@link #open} starts a store from a copy of it as often
 * as needed. The image itself is never opened, so it stays exactly as saved.
 */
public final class RocksDbImages {

    private RocksDbImages() {
    }

    /** Saves the store's current content as an image in {@code imageDir}, which must not exist yet. */
    public static void save(RocksDbStore store, Path imageDir) {
        store.checkpoint(imageDir);
    }

    /**
     * Opens a store whose content is exactly the image's. The image is copied into
     * {@code rocksdb.dir} (which must then be missing or empty) or, when unset, into a temporary
     * directory deleted on close. SST files, which RocksDB never modifies, are hard-linked
     * when the file system allows; the other files are copied.
     */
    public static RocksDbStore open(Path imageDir, StoreProperties properties) {
        RocksDbConfig config = RocksDbConfig.from(properties);
        if (!Files.isRegularFile(imageDir.resolve("CURRENT"))) {
            throw new StoreException("image " + imageDir + " is not a RocksDB checkpoint (it has no CURRENT file)");
        }
        if (config.dir() != null && !isMissingOrEmpty(config.dir())) {
            throw new StoreConfigException(RocksDbConfig.DIR, config.dir().toString(),
                    "must be a missing or empty directory to load the image " + imageDir + " into");
        }
        StoreDirectory directory = StoreDirectory.resolve(config);
        try {
            copyImage(imageDir, directory.path());
        } catch (IOException e) {
            directory.deleteIfTemporary();
            throw new StoreException("cannot copy image " + imageDir + " to " + directory.describe() + ": " + e, e);
        }
        return RocksDbStore.open(config, directory);
    }

    private static boolean isMissingOrEmpty(Path dir) {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    /** Copies a checkpoint's files into {@code target}: SST files as hard links where possible. */
    static void copyImage(Path imageDir, Path target) throws IOException {
        List<Path> files;
        try (Stream<Path> entries = Files.list(imageDir)) {
            files = entries.filter(Files::isRegularFile).toList();
        }
        for (Path file : files) {
            Path copy = target.resolve(file.getFileName());
            if (file.getFileName().toString().endsWith(".sst") && tryLink(copy, file)) {
                continue;
            }
            Files.copy(file, copy);
        }
    }

    private static boolean tryLink(Path link, Path existing) {
        try {
            Files.createLink(link, existing);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false; // another file system, or no hard links: copy instead
        }
    }
}
