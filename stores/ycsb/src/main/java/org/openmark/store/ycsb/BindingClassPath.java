package org.openmark.store.ycsb;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.openmark.api.StoreConfigException;

/**
 * The entries of {@code ycsb.classpath}, read as {@code java -cp} reads its argument: separated by
 * {@link File#pathSeparator}, each a jar or a directory of classes, or {@code DIR/*} for every
 * {@code .jar} in DIR (not recursive; in name order, so a run is repeatable). Every entry must
 * exist: a misspelt path is an error here, not a missing class later.
 */
final class BindingClassPath {
    private BindingClassPath() {
    }

    /**
     * The files and directories the text names, in order.
     *
     * @param property the property the text came from, for messages
     * @throws StoreConfigException naming the property, the value and the entry that is wrong
     */
    static List<Path> parse(String property, String text) {
        if (text.isBlank()) {
            throw new StoreConfigException(property, text, "is empty: name the binding's jars, e.g."
                    + " --ycsb-classpath 'ycsb-mongodb-binding-0.17.0/lib/*' (leave it unset for YCSB's own classes"
                    + " such as site.ycsb.BasicDB)");
        }
        List<Path> out = new ArrayList<>();
        for (String entry : text.split(File.pathSeparator, -1)) {
            String e = entry.trim();
            if (e.isEmpty()) {
                throw new StoreConfigException(property, text, "has an empty entry (two '" + File.pathSeparator
                        + "' in a row, or one at an end)");
            }
            if (e.equals("*") || e.endsWith(File.separator + "*")) {
                out.addAll(jarsIn(property, text, e));
            } else if (e.contains("*")) {
                throw new StoreConfigException(property, text, "entry '" + e + "': a wildcard must be a whole last"
                        + " element, DIR" + File.separator + "* (every .jar in DIR), as with java -cp");
            } else {
                Path path = Path.of(e).toAbsolutePath().normalize();
                if (!Files.isRegularFile(path) && !Files.isDirectory(path)) {
                    throw new StoreConfigException(property, text, "entry '" + e + "': no such file or directory");
                }
                out.add(path);
            }
        }
        return List.copyOf(out);
    }

    private static List<Path> jarsIn(String property, String text, String entry) {
        Path dir = Path.of(entry.substring(0, entry.length() - 1).isEmpty() ? "."
                : entry.substring(0, entry.length() - 1)).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new StoreConfigException(property, text, "entry '" + entry + "': no such directory");
        }
        List<Path> jars;
        try (Stream<Path> files = Files.list(dir)) {
            jars = files.filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar")
                    && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException ex) {
            throw new StoreConfigException(property, text, "entry '" + entry + "': cannot list the directory ("
                    + ex.getMessage() + ")");
        }
        if (jars.isEmpty()) {
            throw new StoreConfigException(property, text, "entry '" + entry + "': the directory holds no .jar files");
        }
        return jars;
    }
}
