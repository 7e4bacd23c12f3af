package org.openmark.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.openmark.config.ConfigException;

/**
 * Reads YCSB-style property sources: {@code -P file} (a path, or the name of a bundled workload
 * such as {@code workloada}) and {@code -p name=value} pairs. Later sources win.
 */
final class PropertySources {
    /** The workload a run uses when no -P is given. */
    static final String DEFAULT_WORKLOAD = "workloada";

    private PropertySources() {
    }

    /** Reads the files in order, then applies the pairs. */
    static Map<String, String> read(List<String> files, List<String> pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String f : files) {
            m.putAll(file(f));
        }
        m.putAll(pairs(pairs));
        return m;
    }

    /** Parses -p pairs. */
    static Map<String, String> pairs(List<String> pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String p : pairs) {
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw ConfigException.of("-p", p, "must be name=value, e.g. -p recordcount=100000");
            }
            m.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
        }
        return m;
    }

    /**
     * A property file is text: a file with control characters other than tab, line feed, form feed
     * and carriage return in its first 64 KiB (an executable, an archive, a histogram log) is not
     * one, and reading it anyway would turn its bytes into dozens of unknown properties.
     */
    private static void refuseBinary(String name, Path path) {
        byte[] head = new byte[1 << 16];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw ConfigException.of("-P", name, "cannot read the property file (" + e.getMessage() + ")");
        }
        for (int i = 0; i < n; i++) {
            int b = head[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
                throw ConfigException.of("-P", name, "is not a property file (binary data at byte " + i
                        + "); give a YCSB workload file or name=value lines");
            }
        }
    }

    /** One -P source: a readable file, or a bundled workload name. */
    static Map<String, String> file(String name) {
        Path path = Path.of(name);
        Properties p = new Properties();
        if (Files.exists(path)) {
            if (Files.isDirectory(path)) {
                throw ConfigException.of("-P", name, "is a directory; give a property file (a YCSB workload file or"
                        + " name=value lines)");
            }
            if (!Files.isReadable(path)) {
                throw ConfigException.of("-P", name, "the file is not readable");
            }
            refuseBinary(name, path);
            try (Reader r = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
                p.load(r);
            } catch (IOException | IllegalArgumentException e) {
                throw ConfigException.of("-P", name, "cannot read the property file (" + e.getMessage() + ")");
            }
        } else {
            String bundled = path.getFileName() == null ? name : path.getFileName().toString();
            try (InputStream in = PropertySources.class.getResourceAsStream("/workloads/" + bundled)) {
                if (in == null) {
                    throw ConfigException.of("-P", name, "no such file (bundled workloads: workloada … workloadf, tsworkloada,"
                            + " closed_economy)");
                }
                p.load(in);
            } catch (IOException e) {
                throw ConfigException.of("-P", name, "cannot read the bundled workload (" + e.getMessage() + ")");
            }
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            m.put(k, p.getProperty(k));
        }
        return m;
    }
}
