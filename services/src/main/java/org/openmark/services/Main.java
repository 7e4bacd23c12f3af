package org.openmark.services;

import java.util.Arrays;
import java.util.Map;
import org.openmark.services.cassandra.CassandraCommands;

/**
 * The entry point bin/openmark-services runs: {@code java -jar openmark-services.jar cassandra COMMAND ARGS...}.
 * The only class that exits: 0 when done, 1 when the servers failed, 2 for bad input.
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
            if (args.length == 0 || !args[0].equals("cassandra")) {
                throw CommandException.badInput("the service to manage: " + (args.length == 0 ? "none given" : "'" + args[0]
                        + "'") + "; allowed: cassandra (redis, postgres and prometheus are bin/openmark-services' own)");
            }
            CassandraCommands.run(Arrays.copyOfRange(args, 1, args.length), env, console, time);
            return 0;
        } catch (CommandException e) {
            console.info(e.getMessage());
            return e.exitCode();
        }
    }
}
