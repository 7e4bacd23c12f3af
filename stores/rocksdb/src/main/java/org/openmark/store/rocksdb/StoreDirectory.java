package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.openmark.api.StoreException;

/**
 * Where a store keeps its files: the user's {@code rocksdb.dir} (created if missing, kept), or
 * a fresh temporary directory that {@link #deleteIfTemporary()} removes.
 */
record StoreDirectory(Path path, boolean temporary) {

    /** The configured directory, created if missing, or a new temporary one. */
    static StoreDirectory resolve(RocksDbConfig config) {
        if (config.dir() == null) {
            try {
                return new StoreDirectory(Files.createTempDirectory("openmark-rocksdb-"), true);
            } catch (IOException e) {
                throw new StoreException(RocksDbConfig.DIR + " is unset and a temporary directory cannot be created: " + e, e);
            }
        }
        if (Files.exists(config.dir()) && !Files.isDirectory(config.dir())) {
            throw new StoreException(describe(config.dir()) + ": exists and is not a directory");
        }
        try {
            Files.createDirectories(config.dir());
        } catch (IOException e) {
            throw new StoreException(describe(config.dir()) + ": cannot create the directory ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
        return new StoreDirectory(config.dir(), false);
    }

    /** Names the directory the way the user set it, for error messages. */
    String describe() {
        return temporary ? RocksDbConfig.DIR + " unset, temporary directory " + path : describe(path);
    }

    private static String describe(Path dir) {
        return RocksDbConfig.DIR + "=" + dir;
    }

    /** Deletes the directory and its content when it is temporary. */
    void deleteIfTemporary() {
        if (temporary) {
            deleteRecursively(path);
        }
    }

    /** Deletes everything inside the directory, keeping the directory itself. */
    void deleteContents() throws IOException {
        List<Path> entries;
        try (Stream<Path> listing = Files.list(path)) {
            entries = listing.toList();
        }
        for (Path entry : entries) {
            deleteRecursively(entry);
        }
    }

    static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new StoreException("cannot delete " + root + ": " + e, e);
        }
    }
}
