package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code bin/openmark} command line in the README's and docs/'s code blocks parses: its
 * command exists, every flag exists and takes the values written. (Running them is the job of the
 * end-to-end tests; this catches the example that drifted from the flags.) Lines with a
 * placeholder ({@code ...}, {@code …}, {@code CMD}) are skipped; a shell variable or command
 * substitution standing for several words ({@code $P}, {@code $(bin/openmark-services start redis)}) is
 * dropped, a variable inside a word stands for a value.
 */
class DocumentedExamplesTest {
    @Test
    void everyDocumentedCommandLine_parses() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (Stream<Path> docs = Files.list(Path.of("..", "docs"))) {
            docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("cli.md"))
                    .sorted().forEach(files::add);
        }
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path file : files) {
            for (Example e : examples(file)) {
                List<String> args = words(e.text());
                if (args == null) {
                    continue;
                }
                PrintStream sink = new PrintStream(java.io.OutputStream.nullOutputStream());
                CommandLine cl = Main.commandLine(sink, sink);
                try {
                    cl.parseArgs(args.toArray(String[]::new));
                    checked++;
                } catch (CommandLine.ParameterException ex) {
                    problems.add(file.getFileName() + ":" + e.line() + ": " + e.text() + "\n    " + ex.getMessage());
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " documented command line(s) do not parse:\n"
                + String.join("\n", problems));
        System.out.println("DocumentedExamplesTest: " + checked + " command lines parsed");
        assertTrue(checked > 60, "only " + checked + " examples found: is the extraction broken?");
    }

    private record Example(int line, String text) {
    }

    /** The bin/openmark lines of the file's fenced code blocks, continuation lines joined. */
    private static List<Example> examples(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Example> out = new ArrayList<>();
        boolean inBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (!inBlock) {
                continue;
            }
            int at = line.indexOf("bin/openmark ");
            if (at < 0 || (at > 0 && !line.substring(0, at).matches("(\\$ |[A-Z_]+=\\S* )*"))) {
                continue;
            }
            int first = i;
            StringBuilder text = new StringBuilder(line.substring(at));
            while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
                text.setLength(text.length() - 1);
                text.append(' ').append(lines.get(++i).strip());
            }
            out.add(new Example(first + 1, text.toString()));
        }
        return out;
    }

    /** The arguments after bin/openmark, as a shell would split them; null to skip the line. */
    private static List<String> words(String text) {
        String line = text.substring("bin/openmark ".length());
        if (line.contains("...") || line.contains("…") || line.contains(" CMD")
                || line.matches(".*<[A-Za-z_-]+>.*") || line.contains("`")) {
            return null;
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '(' && !inWord) {
                int depth = 0;
                while (i < line.length()) { // a command substitution standing for several words: dropped
                    char d = line.charAt(i);
                    depth += d == '(' ? 1 : d == ')' ? -1 : 0;
                    if (d == ')' && depth == 0) {
                        break;
                    }
                    i++;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '#' && !inWord) {
                break;
            } else if (c == '|' || c == '>' || c == ';' || c == '&' || c == '(' || c == ')') {
                break; // the rest is another command or a redirection
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        List<String> out = new ArrayList<>();
        for (String w : words) {
            if (w.matches("\\$\\{?[A-Za-z_]+}?")) {
                continue; // a variable standing for several words (-p … -p …)
            }
            out.add(w.replaceAll("\\$\\{?[A-Za-z_]+}?", "1"));
        }
        return out;
    }
}
