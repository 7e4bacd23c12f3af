package org.openmark.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.openmark.api.StoreException;
import org.openmark.config.ConfigException;
import picocli.CommandLine;

/**
 * The entry point of {@code bin/openmark}; the only place that exits. Exit codes: 0 success,
 * 1 the run failed (the store could not be opened, an I/O error), 2 bad input, 130 interrupted.
 */
public final class Main {
    /** Bad input: a flag or property with a value that is not allowed. */
    public static final int EXIT_BAD_INPUT = 2;
    /** The run could not be carried out. */
    public static final int EXIT_FAILED = 1;
    /** The run was interrupted (Ctrl-C); the report was still written. */
    public static final int EXIT_INTERRUPTED = 130;

    private Main() {
    }

    public static void main(String[] args) {
        int code = execute(args, System.out, System.err);
        System.exit(code);
    }

    /** Runs a command line and returns the exit code (tests call this). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(out, err);
        return cl.execute(args);
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new OpenmarkCommand(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof ConfigException) {
                err.println("openmark: error: " + ex.getMessage());
                return EXIT_BAD_INPUT;
            }
            if (ex instanceof StoreException) {
                err.println("openmark: " + ex.getMessage());
                return EXIT_FAILED;
            }
            if (ex instanceof java.io.IOException) {
                err.println("openmark: I/O error: " + ex.getMessage());
                return EXIT_FAILED;
            }
            throw ex;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            err.println("openmark: error: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Try 'bin/openmark " + (ex.getCommandLine().getCommandName().equals("openmark") ? ""
                    : ex.getCommandLine().getCommandName() + " ") + "--help' for the options.");
            return EXIT_BAD_INPUT;
        });
        return cl;
    }
}
