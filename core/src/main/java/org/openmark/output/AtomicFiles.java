package org.openmark.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes result files under a temporary name and renames them, so no reader sees half a file:
 * an output file is complete or absent. A write that fails deletes its temporary file and throws
 * an {@link IOException} naming the file and the reason. The temporary files being written are
 * known, so a process that must end before its writers finish (a second Ctrl-C, a bounded
 * shutdown) can delete them ({@link #deleteUnfinished}).
 */
public final class AtomicFiles {
    /** Temporary files opened and neither committed nor abandoned yet. */
    private static final Set<Path> UNFINISHED = ConcurrentHashMap.newKeySet();

    private AtomicFiles() {
    }

    /** The temporary name used while {@code target} is being written. */
    public static Path temporary(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }

    /**
     * Opens the temporary file of {@code target} for writing (its directory created), and
     * remembers it until {@link #commit} or {@link #abandon}.
     */
    public static OutputStream open(Path target) throws IOException {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Path tmp = temporary(target);
            UNFINISHED.add(tmp.toAbsolutePath());
            return Files.newOutputStream(tmp);
        } catch (IOException e) {
            abandon(target);
            throw failed(target, e);
        }
    }

    /** Renames the finished temporary file to {@code target}. */
    public static void commit(Path target) throws IOException {
        try {
            try {
                Files.move(temporary(target), target, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary(target), target, StandardCopyOption.REPLACE_EXISTING);
            }
            UNFINISHED.remove(temporary(target).toAbsolutePath());
        } catch (IOException e) {
            abandon(target);
            throw failed(target, e);
        }
    }

    /** Deletes the temporary file of {@code target}, if any (a write that failed leaves nothing). */
    public static void abandon(Path target) {
        Path tmp = temporary(target);
        UNFINISHED.remove(tmp.toAbsolutePath());
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // Nothing more can be done; the caller reports the write's own failure.
        }
    }

    /** Writes {@code text} to {@code target} atomically; on failure nothing is left behind. */
    public static void writeString(Path target, String text) throws IOException {
        OutputStream out = open(target);
        try (out) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            abandon(target);
            throw failed(target, e);
        }
        commit(target);
    }

    /**
     * Deletes every temporary file still being written, and returns them: for a process that
     * ends before its writers finish.
     */
    public static List<Path> deleteUnfinished() {
        List<Path> deleted = List.copyOf(UNFINISHED);
        for (Path tmp : deleted) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // best effort: the process is ending
            }
            UNFINISHED.remove(tmp);
        }
        return deleted;
    }

    /** {@code PATH: reason}: an I/O error that names the file it was writing. */
    public static IOException failed(Path target, IOException cause) {
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        if (cause instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            reason = fse.getReason();
        }
        return new IOException(target + ": " + reason + " (not written)", cause);
    }
}
