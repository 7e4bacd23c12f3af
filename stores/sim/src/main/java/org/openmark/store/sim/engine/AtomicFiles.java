package org.openmark.store.sim.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes result files under a temporary name and renames them, so no reader sees half a file. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file}, creating parent directories. On failure the
     * temporary file is deleted (the file is complete or absent) and the error names the file.
     */
    public static void writeString(Path file, String text) {
        Path absolute = file.toAbsolutePath();
        Path tmp = absolute.resolveSibling(absolute.getFileName() + ".tmp");
        try {
            Files.createDirectories(absolute.getParent());
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write's own failure is what the caller reports
            }
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
