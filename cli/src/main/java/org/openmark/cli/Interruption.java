package org.openmark.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openmark.output.AtomicFiles;

/**
 * What a command does on SIGINT (Ctrl-C) and SIGTERM, both of which make the JVM run its shutdown
 * hooks: stop its work, wait (bounded) until it has written what it has, marked interrupted, and
 * end the process with the code the command returned ({@link Main#EXIT_INTERRUPTED}, 130, for
 * both signals: without this the JVM would exit 143 for SIGTERM).
 *
 * <p>Implementation notes: a hook runs while {@code main} is still in the command. The command,
 * seeing its stop signal, finishes and returns its exit code; {@link Main#main} hands it to
 * {@link #exiting} before it exits (which, once shutdown has begun, blocks for good). The hook
 * waits for that code and has {@link Main#halt} end the JVM. When the
 * command does not get there within the bound (a store call that hangs), the hook deletes the
 * temporary files still being written ({@link AtomicFiles#deleteUnfinished}: output files are
 * complete or absent) and halts with 130.
 */
final class Interruption implements AutoCloseable {
    private static final CountDownLatch EXITING = new CountDownLatch(1);
    private static volatile int exitCode = Main.EXIT_INTERRUPTED;

    private final Thread hook;

    private Interruption(Thread hook) {
        this.hook = hook;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Handles the signals for a command that can stop: {@code stop} asks it to, and the hook
     * waits up to {@code bound} for it to return.
     *
     * @param doing what the command does once stopped, for the message ("waiting up to 5 s for …")
     */
    static Interruption stopping(PrintStream err, String doing, Duration bound, Runnable stop) {
        return new Interruption(new Thread(() -> {
            err.println("openmark: interrupted: " + doing);
            err.flush();
            stop.run();
            awaitThenHalt(err, bound);
        }, "openmark-interrupt"));
    }

    /** Handles the signals for a command with nothing to save: it ends at once, with 130. */
    static Interruption immediate(PrintStream err) {
        return new Interruption(new Thread(() -> {
            err.println("openmark: interrupted");
            halt(err, Main.EXIT_INTERRUPTED);
        }, "openmark-interrupt"));
    }

    /** Called by {@link Main#main} with the command's exit code, just before the JVM exits. */
    static void exiting(int code) {
        exitCode = code;
        EXITING.countDown();
    }

    private static void awaitThenHalt(PrintStream err, Duration bound) {
        boolean ended;
        try {
            ended = EXITING.await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            ended = false;
        }
        if (!ended) {
            err.println("openmark: interrupted: the command did not end within " + bound.toSeconds()
                    + " s; stopping without its results");
        }
        halt(err, ended ? exitCode : Main.EXIT_INTERRUPTED);
    }

    private static void halt(PrintStream err, int code) {
        List<Path> deleted = AtomicFiles.deleteUnfinished();
        if (!deleted.isEmpty()) {
            err.println("openmark: interrupted: deleted unfinished " + deleted);
        }
        System.out.flush();
        err.flush();
        Main.halt(code);
    }

    /** Removes the hook once the command is done (not while the JVM is shutting down). */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutting down already: the hook is running and waits for the command's code.
        }
    }
}
