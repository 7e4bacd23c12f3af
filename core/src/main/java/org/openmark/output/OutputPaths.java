package org.openmark.output;

import java.nio.file.Files;
import java.nio.file.Path;
import org.openmark.config.ConfigException;

/**
 * Checks output paths before anything is measured, without creating them: a path that cannot be
 * written is bad input (exit 2) found at once, not an I/O error after minutes of measuring.
 * Directories are created only when something is written into them.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /**
     * A directory result files will be written into: an existing writable directory, or a path
     * whose nearest existing ancestor is a writable directory (it can be created).
     *
     * @param flag the flag that named it, for the error
     */
    public static void checkDirectory(String flag, Path dir) {
        Path abs = dir.toAbsolutePath();
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                throw ConfigException.of(flag, dir.toString(), "exists and is not a directory");
            }
            if (!Files.isWritable(abs)) {
                throw ConfigException.of(flag, dir.toString(), "the directory is not writable");
            }
            return;
        }
        creatable(flag, dir, abs.getParent());
    }

    /**
     * A file that will be written (under a temporary name beside it, then renamed): not a
     * directory, in a directory that exists and is writable or can be created.
     */
    public static void checkFile(String flag, Path file) {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw ConfigException.of(flag, file.toString(), "is a directory, not a file");
        }
        Path parent = abs.getParent();
        if (Files.isDirectory(parent)) {
            if (!Files.isWritable(parent)) {
                throw ConfigException.of(flag, file.toString(), "its directory " + parent + " is not writable");
            }
            return;
        }
        creatable(flag, file, parent);
    }

    private static void creatable(String flag, Path given, Path from) {
        for (Path p = from; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw ConfigException.of(flag, given.toString(), "cannot be created: " + p + " is not a directory");
                }
                if (!Files.isWritable(p)) {
                    throw ConfigException.of(flag, given.toString(), "cannot be created: " + p + " is not writable");
                }
                return;
            }
        }
        throw ConfigException.of(flag, given.toString(), "cannot be created: no part of the path exists");
    }
}
