package org.openmark.services.server;

import java.io.PrintStream;

/**
 * Where a command speaks: the result (properties) on stdout, progress and errors on stderr, each line of those
 * prefixed with the program's name.
 */
public record Console(PrintStream out, PrintStream err, String prefix) {
    private static final String SERVICES = "openmark-services: ";

    /** A console of bin/openmark-services. */
    public Console(PrintStream out, PrintStream err) {
        this(out, err, SERVICES);
    }

    public static Console system() {
        return new Console(System.out, System.err);
    }

    /** A progress or error line on stderr, prefixed as every line of the program is. */
    public void info(String message) {
        err.println(prefix + message);
        err.flush();
    }

    /** Text passed through to stderr as it is (a log's tail, a tool's output). */
    public void raw(String text) {
        err.print(text.endsWith("\n") || text.isEmpty() ? text : text + "\n");
        err.flush();
    }

    /** The command's result, on stdout. */
    public void result(String line) {
        out.println(line);
        out.flush();
    }
}
