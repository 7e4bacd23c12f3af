package org.openmark.services.server;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Starts a server on a port the picker found free, and again on another one when it did not start: a port can
 * be taken between the pick and the server's bind. What each server does on one port is its own; the tries,
 * what is said about a failed one, and the failure after the last are here.
 */
public final class PortAttempts {
    public static final int ATTEMPTS = 3;

    private PortAttempts() {
    }

    /** One try on one port: what was started, or empty when it did not start (whatever it left stopped). */
    public interface Attempt<T> {
        Optional<T> on(int port);
    }

    /** The first try that starts, after up to {@value #ATTEMPTS}; each failed one is said with its log's tail. */
    public static <T> T start(ServiceSite site, PortPicker ports, String what, Path log, Attempt<T> attempt) {
        for (int i = 1; i <= ATTEMPTS; i++) {
            int port = ports.pick();
            Optional<T> started = attempt.on(port);
            if (started.isPresent()) {
                return started.get();
            }
            site.console().info(what + " did not start on port " + port + " (attempt " + i + "); log tail:");
            site.console().raw(ServiceFiles.tail(ServiceFiles.lines(log), 5));
        }
        throw CommandException.failed(what + " failed to start; see " + log);
    }
}
