package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code bin/openmark ...} command in the manual ({@code docs/*.md}) is one the command line
 * accepts: its command and options exist and their values parse. (Running them needs servers and
 * machines the examples name; the end-to-end tests run their equivalents.)
 */
class DocsExamplesTest {

    /** The commands of the fenced code blocks of a page, continuation lines joined. */
    static List<String> commands(Path page) throws Exception {
        List<String> commands = new ArrayList<>();
        boolean inCode = false;
        StringBuilder current = null;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("```")) {
                inCode = !inCode;
                continue;
            }
            if (!inCode) {
                continue;
            }
            String text = line.strip();
            if (current == null && text.startsWith("bin/openmark ")) {
                current = new StringBuilder();
            }
            if (current != null) {
                boolean continues = text.endsWith("\\");
                current.append(continues ? text.substring(0, text.length() - 1) : text).append(' ');
                if (!continues) {
                    String c = current.toString();
                    int comment = c.indexOf(" #");
                    commands.add((comment >= 0 ? c.substring(0, comment) : c).strip());
                    current = null;
                }
            }
        }
        return commands;
    }

    /** Splits like a shell: whitespace, with single and double quotes keeping spaces. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || w.length() > 0) {
                    words.add(w.toString());
                    w.setLength(0);
                    any = false;
                }
            } else {
                w.append(c);
            }
        }
        if (any || w.length() > 0) {
            words.add(w.toString());
        }
        return words;
    }

    @Test
    void everyCommandInTheManual_isAcceptedByTheCommandLine() throws Exception {
        Path docs = Path.of("..", "docs");
        assertTrue(Files.isDirectory(docs), "the manual lives in docs/");
        List<String> checked = new ArrayList<>();
        try (Stream<Path> pages = Files.list(docs)) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).toList()) {
                for (String command : commands(page)) {
                    List<String> args = words(command);
                    args.remove(0); // bin/openmark
                    CommandLine cl = Main.commandLine(new PrintStream(new ByteArrayOutputStream()),
                            new PrintStream(new ByteArrayOutputStream()));
                    try {
                        cl.parseArgs(args.toArray(String[]::new));
                    } catch (CommandLine.ParameterException e) {
                        throw new AssertionError(page.getFileName() + ": `" + command + "`: " + e.getMessage(), e);
                    }
                    checked.add(command);
                }
            }
        }
        assertFalse(checked.isEmpty(), "the manual has examples");
    }
}
