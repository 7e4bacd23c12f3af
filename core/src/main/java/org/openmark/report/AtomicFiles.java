package org.openmark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes result files under a temporary name and renames them, so no reader sees half a file. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** The temporary name used while {@code target} is being written. */
    public static Path temporary(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }

    /** Renames the finished temporary file to {@code target}. */
    public static void commit(Path target) throws IOException {
        try {
            Files.move(temporary(target), target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary(target), target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Writes {@code text} to {@code target} atomically. */
    public static void writeString(Path target, String text) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.writeString(temporary(target), text, StandardCharsets.UTF_8);
        commit(target);
    }
}
