package org.openmark.services.server;

import java.io.PrintStream;

/** Where a command speaks: the result (properties) on stdout, progress and errors on stderr. */
public record Console(PrintStream out, PrintStream err) {
    private static final String PREFIX = "openmark-services: ";

    public static Console system() {
        return new Console(System.out, System.err);
    }

    /** A progress or error line on stderr, prefixed as every line of bin/openmark-services is. */
    public void info(String message) {
        err.println(PREFIX + message);
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
