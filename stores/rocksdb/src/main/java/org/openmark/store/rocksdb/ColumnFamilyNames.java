package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.TreeSet;

/**
 * YCSB's {@code CF_NAMES} file in the database directory: the names of the column families,
 * one a line in UTF-8, {@code default} first. YCSB's {@code RocksDBClient} opens exactly the
 * families it lists, and RocksDB refuses to open a database without naming every family it has
 * ("Column families not opened: …"), so the file must list them all whenever YCSB might open the
 * directory: the store rewrites it as soon as it creates a family, not only when it closes, so a
 * killed run still leaves a directory YCSB opens. RocksDB itself ignores the file.
 */
final class ColumnFamilyNames {
    static final String FILE = "CF_NAMES";
    private static final String DEFAULT = "default";

    private ColumnFamilyNames() {
    }

    /** True when a name can be a line of the file. */
    static boolean isListable(String family) {
        return family.indexOf('\n') < 0 && family.indexOf('\r') < 0;
    }

    /** The file's text for these families: {@code default}, then the others in name order. */
    static String text(Collection<String> families) {
        StringBuilder text = new StringBuilder(DEFAULT).append('\n');
        for (String name : new TreeSet<>(families)) {
            if (!name.equals(DEFAULT)) {
                text.append(name).append('\n');
            }
        }
        return text.toString();
    }

    /**
     * Makes {@code dir}'s file list exactly {@code families}: leaves it alone when it already
     * does, else writes a new one beside it, forces it to disk and renames it over the old one,
     * so a reader sees the old list or the new one, never half of one.
     */
    static void write(Path dir, Collection<String> families) throws IOException {
        Path file = dir.resolve(FILE);
        String text = text(families);
        if (text.equals(readIfPresent(file))) {
            return;
        }
        Path next = dir.resolve(FILE + ".next");
        try (FileChannel out = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
            out.force(true);
        }
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String readIfPresent(Path file) throws IOException {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8); // lenient: any bytes compare
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
