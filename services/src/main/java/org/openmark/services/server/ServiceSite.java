package org.openmark.services.server;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where and how one service is managed: its name, its directory (NAME under the services directory), how
 * long a server may take to start or stop, where messages go and the clock that waits.
 */
public record ServiceSite(String name, Path dir, Duration timeout, Console console, Time time) {

    /** NAME/NAME.properties: the properties openmark needs, usable with -P. */
    public Path propertiesFile() {
        return dir.resolve(name + ".properties");
    }

    /** Writes the state file. */
    public void writeState(ServiceState state) {
        StateFile.write(dir, state);
    }

    /** A wait with this site's timeout, polling every {@code poll}. */
    public Wait waitFor(Duration poll) {
        return Wait.of(time, timeout, poll);
    }
}
