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

    /** One -P source: a readable file, or a bundled workload name. */
    static Map<String, String> file(String name) {
        Path path = Path.of(name);
        Properties p = new Properties();
        if (Files.exists(path)) {
            if (!Files.isReadable(path) || Files.isDirectory(path)) {
                throw ConfigException.of("-P", name, "the file is not readable");
            }
            try (Reader r = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
                p.load(r);
            } catch (IOException | IllegalArgumentException e) {
                throw ConfigException.of("-P", name, "cannot read the property file (" + e.getMessage() + ")");
            }
        } else {
            String bundled = path.getFileName() == null ? name : path.getFileName().toString();
            try (InputStream in = PropertySources.class.getResourceAsStream("/workloads/" + bundled)) {
                if (in == null) {
                    throw ConfigException.of("-P", name, "no such file (bundled workloads: workloada … workloadf,"
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
