package org.openmark.services;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openmark.services.server.PropertiesFile;
import org.openmark.services.server.ServiceKind;

/**
 * A server that runs and answers: its name, kind, directory, and the properties openmark needs to reach it
 * (as NAME/NAME.properties holds them).
 */
public record Running(String name, ServiceKind kind, Path dir, Map<String, String> properties) {

    public Running {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** NAME/NAME.properties, usable with -P. */
    public Path propertiesFile() {
        return dir.resolve(name + ".properties");
    }

    /** "-p redis.host=127.0.0.1 -p redis.port=41873", the line {@code start} prints. */
    public String flags() {
        return PropertiesFile.flags(properties);
    }
}
