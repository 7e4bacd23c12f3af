package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md is what the commands' definitions render: an option added, renamed or re-described
 * without regenerating the reference fails here ({@code -Dopenmark.golden.update=true} rewrites it).
 */
class CliReferenceTest {
    private static final Path FILE = Path.of("..", "docs", "cli.md");

    @Test
    void docsCliMd_isTheRenderedReference() throws Exception {
        String rendered = CliReference.render();
        if (Boolean.getBoolean("openmark.golden.update")) {
            Files.writeString(FILE, rendered, StandardCharsets.UTF_8);
        }
        assertEquals(rendered, Files.readString(FILE, StandardCharsets.UTF_8),
                "docs/cli.md is out of date: regenerate it with -Dopenmark.golden.update=true");
    }

    @Test
    void reference_hasEveryCommandAndItsOptions() {
        String rendered = CliReference.render();
        for (String command : new String[] {"run", "load", "rate", "staleness", "compare", "worker", "experiment"}) {
            assertTrue(rendered.contains("\n## openmark " + command + "\n"), command);
        }
        assertTrue(rendered.contains("`--local-workers N`"), "the cluster options of every command");
        assertTrue(rendered.contains("`--fail-if-slower"), "compare's gate");
    }

    /** Every command and subcommand, found from the root. */
    private static List<CommandLine> commands() {
        PrintStream sink = new PrintStream(java.io.OutputStream.nullOutputStream());
        List<CommandLine> out = new ArrayList<>();
        List<CommandLine> todo = new ArrayList<>(List.of(Main.commandLine(sink, sink)));
        while (!todo.isEmpty()) {
            CommandLine c = todo.remove(0);
            out.add(c);
            todo.addAll(c.getSubcommands().values());
        }
        return out;
    }

    /**
     * picocli formats descriptions with String.format: an unescaped % ("95% confidence") makes
     * {@code --help} print "[picocli WARN] Could not format" (on System.err, not the command's err).
     */
    @Test
    void help_everyCommand_noPicocliWarning() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            for (CommandLine c : commands()) {
                List<String> args = new ArrayList<>();
                for (CommandLine p = c; p.getParent() != null; p = p.getParent()) {
                    args.add(0, p.getCommandName());
                }
                args.add("--help");
                CliRunner r = CliRunner.run(args.toArray(String[]::new));
                assertEquals(0, r.exitCode, args + ": " + r);
                assertTrue(!r.out.contains("picocli WARN") && !r.err.contains("picocli WARN"), args + ": " + r);
            }
        } finally {
            System.setErr(saved);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertTrue(!err.contains("picocli WARN"), err);
    }
}
