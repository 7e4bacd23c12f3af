package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.openmark.run.Verdicts;

/** Runs the CLI in-process and captures what it prints. */
final class CliRunner {
    /** How the store's verdict and the accounting word their warnings when they make a run not valid. */
    private static final List<String> STORE_FAULTS = List.of("the store failed", "the store stalled for",
            "the store did not answer", "the accounting does not add up", "(loadstalltimeout)");

    final int exitCode;
    final String out;
    final String err;

    private CliRunner(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static CliRunner run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(args, o, e);
        }
        return new CliRunner(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Asserts the command ran to a result: exit 0, or exit 3 for a run whose only fault was that
     * this machine's load generator fell behind its schedule (the generator's verdict, which
     * depends on how busy the machine is; the open model only). For tests about something else;
     * the verdicts' own tests check the exit code exactly.
     */
    CliRunner assertRan() {
        if (exitCode != 0) {
            assertEquals(Main.EXIT_NOT_VALID, exitCode, this::toString);
            String all = out + err;
            assertTrue(all.contains(Verdicts.GENERATOR_LIMITED) || all.contains("(--on-overload drop)"),
                    () -> "not valid, and not because of the generator: " + this);
            for (String storeFault : STORE_FAULTS) {
                assertFalse(all.contains(storeFault), () -> "not valid because of the store: " + this);
            }
        }
        return this;
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
