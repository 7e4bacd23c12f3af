package org.openmark.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command-line reference ({@code docs/cli.md}) rendered from the commands' own picocli
 * definitions, so it cannot drift from what the commands accept: per command its description,
 * synopsis, parameters and options with their defaults. A test keeps the file equal to it.
 */
final class CliReference {
    private CliReference() {
    }

    /** The whole reference, as Markdown. */
    static String render() {
        PrintStream sink = new PrintStream(java.io.OutputStream.nullOutputStream());
        CommandLine root = Main.commandLine(sink, sink);
        StringBuilder b = new StringBuilder();
        b.append("# Command-line reference\n\n");
        b.append("Generated from the commands' definitions (`CliReference`); `bin/openmark COMMAND --help` prints the"
                + " same. Regenerate after changing an option: `bin/test -pl cli -Dtest=CliReferenceTest"
                + " -Dopenmark.golden.update=true`. Exit codes are in [results.md](results.md#bad-input-and-exit-codes); examples are on the topic pages listed in the [README](../README.md).\n\n");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            b.append("- [`").append(e.getKey()).append("`](#openmark-").append(e.getKey()).append(")\n");
        }
        b.append('\n');
        command(b, root.getCommandSpec(), "openmark");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            command(b, e.getValue().getCommandSpec(), "openmark " + e.getKey());
        }
        return b.toString();
    }

    private static void command(StringBuilder b, CommandSpec spec, String title) {
        b.append("## ").append(title).append("\n\n");
        for (String line : spec.usageMessage().description()) {
            b.append(line.replace("%n", "\n").replace("%%", "%")).append("\n\n");
        }
        CommandLine.Help help = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        b.append("```\n").append(help.synopsis(0).stripTrailing()).append("\n```\n\n");
        List<PositionalParamSpec> positionals = spec.positionalParameters();
        if (!positionals.isEmpty()) {
            b.append("| parameter | meaning |\n| --- | --- |\n");
            for (PositionalParamSpec p : positionals) {
                b.append("| `").append(p.paramLabel()).append("` | ").append(cell(String.join(" ", p.description())))
                        .append(" |\n");
            }
            b.append('\n');
        }
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                options.add(o);
            }
        }
        if (!options.isEmpty()) {
            b.append("| option | default | meaning |\n| --- | --- | --- |\n");
            for (OptionSpec o : options) {
                String label = o.arity().max() == 0 ? "" : " " + o.paramLabel();
                b.append("| `").append(String.join("`, `", o.names())).append(cell(label)).append("` | ")
                        .append(cell(defaultOf(o))).append(" | ").append(cell(String.join(" ", o.description())))
                        .append(" |\n");
            }
            b.append('\n');
        }
    }

    private static String defaultOf(OptionSpec o) {
        if (o.defaultValue() != null) {
            return o.defaultValue();
        }
        Object initial = o.initialValue();
        if (initial == null || Boolean.FALSE.equals(initial) || (initial instanceof Collection<?> c && c.isEmpty())
                || (initial instanceof Map<?, ?> m && m.isEmpty())) {
            return "";
        }
        if (initial instanceof Collection<?> c) {
            List<String> parts = new ArrayList<>();
            for (Object x : c) {
                parts.add(String.valueOf(x));
            }
            return String.join(",", parts);
        }
        return String.valueOf(initial);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ").replace("%n", " ");
    }
}
