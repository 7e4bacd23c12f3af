package org.openmark.store.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Test helper: every file and directory under a root, with size, modification time and content digest. */
final class DirectorySnapshot {

    private DirectorySnapshot() {
    }

    static Map<String, String> of(Path root) {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.toList()) {
                String name = root.relativize(p).toString();
                if (Files.isDirectory(p)) {
                    entries.put(name + "/", "dir");
                } else {
                    byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
                    entries.put(name, Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis() + " "
                            + HexFormat.of().formatHex(digest));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return entries;
    }
}
