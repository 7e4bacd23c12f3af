package org.openmark.services.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The files of a service's directory: logs read as they are, configuration written, trees deleted. */
public final class ServiceFiles {
    private ServiceFiles() {
    }

    /** The lines of {@code file} (a server's log, in whatever bytes it wrote), or none when it cannot be read. */
    public static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The last {@code count} of {@code lines}, as text. */
    public static String tail(List<String> lines, int count) {
        return String.join("\n", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }

    /** The text of {@code file}, or empty when it cannot be read. */
    public static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Writes {@code text} to {@code file}, creating its directory. */
    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code root} and everything under it, if it exists. */
    public static void deleteTree(Path root) {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
