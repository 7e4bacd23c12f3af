package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;

/**
 * An image saved by {@link RocksDbStore#saveImage()}: a RocksDB checkpoint next to the
 * database directory ({@code <rocksdb.dir>.image-<n>}) or, for a store in a temporary
 * directory, in a temporary directory of its own. Never inside the database directory, which
 * a restore empties. Closing it deletes its directory.
 */
final class RocksDbImage implements StoreImage {
    private final RocksDbStore owner;
    /** The directory deleted on close: the checkpoint itself or the temporary directory around it. */
    private final Path root;
    private final Path checkpoint;
    private boolean closed;

    private RocksDbImage(RocksDbStore owner, Path root, Path checkpoint) {
        this.owner = owner;
        this.root = root;
        this.checkpoint = checkpoint;
    }

    /**
     * Chooses where the next image of a store in {@code directory} goes: the first free
     * {@code <dir>.image-<n>} from {@code firstNumber} on, or a new temporary directory.
     */
    static RocksDbImage place(RocksDbStore owner, StoreDirectory directory, int firstNumber) {
        if (directory.temporary()) {
            try {
                Path root = Files.createTempDirectory("openmark-rocksdb-image-");
                return new RocksDbImage(owner, root, root.resolve("checkpoint"));
            } catch (IOException e) {
                throw new StoreException("cannot create a temporary directory for an image of " + directory.describe()
                        + ": " + e, e);
            }
        }
        Path dir = directory.path().toAbsolutePath().normalize();
        for (int n = firstNumber;; n++) {
            Path candidate = dir.resolveSibling(dir.getFileName() + ".image-" + n);
            if (!Files.exists(candidate)) {
                return new RocksDbImage(owner, candidate, candidate);
            }
        }
    }

    /** Where the checkpoint is (or is to be) written. */
    Path checkpoint() {
        return checkpoint;
    }

    /**
     * Copies the checkpoint's files into {@code target} (hard links for SST files where
     * possible). The caller holds this image's monitor and checked it is not closed.
     */
    void copyInto(Path target) throws IOException {
        RocksDbImages.copyImage(checkpoint, target);
    }

    /** True once closed (its directory is then deleted). */
    synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public String describe() {
        return "RocksDB checkpoint " + checkpoint;
    }

    /** Deletes the image's directory; later calls do nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        owner.forget(this);
        StoreDirectory.deleteRecursively(root);
    }
}
