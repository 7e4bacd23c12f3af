package org.openmark.services.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The tools a server needs, found on the PATH, and the Debian packages that bring them, installed when running as root. */
public final class Packages {
    private static final Duration APT_TIMEOUT = Duration.ofMinutes(30);

    private Packages() {
    }

    /** The executable {@code tool} on the PATH, if there is one. */
    public static Optional<Path> onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Arrays.stream(path.split(":")).filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool))
                .filter(Files::isExecutable).findFirst();
    }

    /** {@code tool} on the PATH, installing the Debian package {@code pkg} first when it is missing. */
    public static Path require(String tool, String pkg, String what, Console console) {
        Optional<Path> found = onPath(tool);
        if (found.isPresent()) {
            return found.get();
        }
        install(pkg, what, console);
        return onPath(tool).orElseThrow(() -> CommandException.failed(tool + " not found after installing " + pkg));
    }

    /**
     * Installs the Debian package {@code pkg} when running as root (apt-get update first when the install
     * fails); otherwise fails saying what is missing and what to install.
     */
    public static void install(String pkg, String what, Console console) {
        if (!Processes.isRoot()) {
            throw CommandException.failed(what + " not found; install the Debian package '" + pkg
                    + "' (sudo apt-get install -y " + pkg + ")");
        }
        if (onPath("apt-get").isEmpty()) {
            throw CommandException.failed(what + " not found and apt-get is unavailable; install '" + pkg + "'");
        }
        console.info(what + " not found; installing the Debian package '" + pkg + "'");
        if (!apt(console, "install", "-y", "-q", pkg)) {
            if (!apt(console, "update", "-q")) {
                throw CommandException.failed("apt-get update failed");
            }
            if (!apt(console, "install", "-y", "-q", pkg)) {
                throw CommandException.failed("apt-get install -y " + pkg + " failed");
            }
        }
    }

    private static boolean apt(Console console, String... args) {
        List<String> command = new ArrayList<>(List.of("env", "DEBIAN_FRONTEND=noninteractive", "apt-get"));
        command.addAll(List.of(args));
        Processes.Output out = Processes.capture(command, APT_TIMEOUT);
        console.raw(out.text());
        return out.ok();
    }
}
