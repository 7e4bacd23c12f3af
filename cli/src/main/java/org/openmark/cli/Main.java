package org.openmark.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.openmark.api.StoreException;
import org.openmark.config.ConfigException;
import picocli.CommandLine;

/**
 * The entry point of {@code bin/openmark}; the only place that exits. Exit codes: 0 success,
 * 1 the command failed (the store could not be opened, an I/O error, an internal error; for
 * {@code compare --fail-if-slower}: a candidate is significantly slower), 2 bad input, 3 the report
 * is written but its answer is incomplete (a rating that stopped early gives a lower bound; the
 * compare gate cannot judge), 4 the store did not answer at all (nothing measured), 130
 * interrupted (SIGINT or SIGTERM, see {@link Interruption}). Errors are one line; {@code --debug}
 * adds the stack trace.
 */
public final class Main {
    /** Bad input: a flag or property with a value that is not allowed. */
    public static final int EXIT_BAD_INPUT = 2;
    /** The run could not be carried out. */
    public static final int EXIT_FAILED = 1;
    /**
     * The report is written, but its answer is not valid as it stands: a run or a staleness
     * measurement judged not valid, a rating that stopped early (a lower bound), an experiment
     * with an invalid row, a gate that cannot judge.
     */
    public static final int EXIT_NOT_VALID = 3;
    /** The store did not answer at all (not listening, credentials refused); nothing was measured. */
    public static final int EXIT_STORE_UNREACHABLE = 4;
    /** The command was interrupted (Ctrl-C or SIGTERM); what it had was still written, marked interrupted. */
    public static final int EXIT_INTERRUPTED = 130;

    private Main() {
    }

    static {
        // SLF4J's own start-up notes ("logging calls were replayed") are not the user's business.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
    }

    public static void main(String[] args) {
        // A thread other than main that runs out of heap (a client, a worker, the collector) would
        // die alone and leave a run that blames the store for the operations it no longer makes.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError oom) {
                System.err.println(outOfMemory(oom, Runtime.getRuntime().maxMemory()));
                halt(EXIT_FAILED);
            }
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace();
        });
        int code = execute(args, System.out, System.err);
        // A command stopped by SIGINT/SIGTERM returns here while its shutdown hook waits: the hook
        // ends the JVM with this code (System.exit would block once shutdown has begun).
        Interruption.exiting(code);
        System.exit(code);
    }

    /**
     * Ends the JVM at once with {@code code}, without waiting for shutdown hooks: the signal
     * handler's way out ({@link Interruption}), since exiting from within a hook would block.
     */
    static void halt(int code) {
        Runtime.getRuntime().halt(code);
    }

    /** Runs a command line and returns the exit code (tests call this). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(out, err, java.util.Arrays.asList(args).contains("--debug"));
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            err.println(outOfMemory(e, Runtime.getRuntime().maxMemory()));
            return EXIT_FAILED;
        }
    }

    /**
     * The one line for a load generator that ran out of heap: its own memory, not the store, ended
     * the command; the files it had not written yet are absent (each is written whole or not at all).
     */
    static String outOfMemory(OutOfMemoryError e, long maxHeapBytes) {
        return String.format(java.util.Locale.ROOT, "openmark: the load generator ran out of memory (%s; its heap may"
                + " grow to %d MiB): this process, not the store, ended the command, and its results are not"
                + " written; lower -threads, --max-in-flight, fieldcount/fieldlength or, for a store in this process,"
                + " recordcount, or give it more heap (OPENMARK_JAVA_OPTS=-Xmx8g)", e.getMessage() == null
                ? "OutOfMemoryError" : e.getMessage(), maxHeapBytes >> 20);
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        return commandLine(out, err, false);
    }

    private static CommandLine commandLine(PrintStream out, PrintStream err, boolean debug) {
        CommandLine cl = new CommandLine(new OpenmarkCommand(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof ConfigException) {
                err.println("openmark: error: " + ex.getMessage());
                return EXIT_BAD_INPUT;
            }
            if (ex instanceof org.openmark.api.StoreUnreachableException) {
                err.println("openmark: " + ex.getMessage());
                return EXIT_STORE_UNREACHABLE;
            }
            if (ex instanceof StoreException) {
                err.println("openmark: " + ex.getMessage());
                return EXIT_FAILED;
            }
            if (ex instanceof org.openmark.cluster.ClusterException) {
                err.println("openmark: " + ex.getMessage());
                return EXIT_FAILED;
            }
            if (ex instanceof java.io.IOException) {
                err.println("openmark: I/O error: " + ex.getMessage());
                return EXIT_FAILED;
            }
            if (ex instanceof java.io.UncheckedIOException u) {
                err.println("openmark: I/O error: " + u.getCause().getMessage());
                return EXIT_FAILED;
            }
            // Not an expected outcome: one line (a bug report can ask for --debug).
            err.println("openmark: error: " + ex.getClass().getSimpleName()
                    + (ex.getMessage() == null ? "" : ": " + ex.getMessage())
                    + (debug ? "" : " (--debug prints the stack trace)"));
            if (debug) {
                ex.printStackTrace(err);
            }
            return EXIT_FAILED;
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
