package org.openmark.event;

import java.io.IOException;
import java.nio.file.Path;

/** Starts an event's command; the real one runs {@code sh -c}, tests run a fake. */
@FunctionalInterface
public interface CommandLauncher {

    /**
     * Starts {@code command}; its output goes to {@code output} when not null.
     *
     * @return the running command
     */
    Running start(String command, Path output) throws IOException;

    /** A started command. */
    interface Running {
        /** Waits at most {@code nanos} for the end; the exit code, or null if it is still running. */
        Integer awaitExit(long nanos) throws InterruptedException;
    }

    /** {@code sh -c COMMAND} in the current directory, stdin closed, stdout and stderr to the file (or discarded). */
    static CommandLauncher shell() {
        return (command, output) -> {
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.redirectOutput(output == null ? ProcessBuilder.Redirect.DISCARD
                    : ProcessBuilder.Redirect.appendTo(output.toFile()));
            Process p = pb.start();
            return nanos -> p.waitFor(nanos, java.util.concurrent.TimeUnit.NANOSECONDS) ? p.exitValue() : null;
        };
    }
}
