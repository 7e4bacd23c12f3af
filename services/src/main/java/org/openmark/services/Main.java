package org.openmark.services;

import java.util.List;
import java.util.Map;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.Time;

/**
 * The entry point bin/openmark-services runs: {@code java -jar openmark-services.jar COMMAND ARGS...}
 * ({@link Commands}). The only class that exits: 0 when done, 1 when the servers failed, 2 for bad input.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), Console.system(), Time.system()));
    }

    /** Runs one command with the settings {@code env} gives and returns its exit code; messages go to {@code console}. */
    public static int run(String[] args, Map<String, String> env, Console console, Time time) {
        try {
            Services services = new Services(ServicesSettings.fromEnvironment(env), console, time);
            Commands.run(List.of(args), services, console);
            return 0;
        } catch (CommandException e) {
            if (e.isUsage()) {
                console.raw(e.getMessage());
            } else {
                console.info(e.getMessage());
            }
            return e.exitCode();
        }
    }
}
