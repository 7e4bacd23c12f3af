package org.openmark.services.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * NAME/NAME.properties, the properties openmark needs to reach a server ({@code -P} takes it), readable by its
 * owner only (PostgreSQL's holds a password), and the one line of {@code -p key=value} that {@code start} prints.
 */
public final class PropertiesFile {
    private PropertiesFile() {
    }

    /** Writes {@code properties} to {@code file}, owner-only. */
    public static void write(Path file, Map<String, String> properties) {
        StringBuilder text = new StringBuilder();
        properties.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        ServiceFiles.write(file, text.toString());
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The properties in {@code file}, in their order; none when it cannot be read. */
    public static Map<String, String> read(Path file) {
        return parse(ServiceFiles.read(file));
    }

    /** The {@code key=value} lines of {@code text}; comments and blank lines skipped. */
    public static Map<String, String> parse(String text) {
        Map<String, String> properties = new LinkedHashMap<>();
        text.lines().filter(l -> l.indexOf('=') > 0 && !l.startsWith("#"))
                .forEach(l -> properties.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        return properties;
    }

    /** "-p redis.host=127.0.0.1 -p redis.port=41873": what {@code start} prints on stdout. */
    public static String flags(Map<String, String> properties) {
        return properties.entrySet().stream().map(e -> "-p " + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** Says where the properties are (stderr) and prints their flags (stdout), as {@code start} does. */
    public static void print(Console console, String name, Path file) {
        console.info(name + " is running; properties also in " + file + " (pass with -P)");
        console.result(flags(read(file)));
    }
}
