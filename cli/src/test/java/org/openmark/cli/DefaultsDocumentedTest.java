package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Durations;
import org.openmark.rating.DeltaAnalyzer;
import org.openmark.run.Defaults;
import picocli.CommandLine;

/**
 * A flag's description quotes its default from {@link Defaults} where an annotation can (a whole
 * number, a word); where it cannot (a duration, a share, a process) it says it in words, and those
 * words must say what the constant is.
 */
class DefaultsDocumentedTest {
    private static final PrintStream SINK = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void runOptions_defaultsInWords_sayTheConstants() {
        CommandLine run = Main.commandLine(SINK, SINK).getSubcommands().get("run");

        assertSays(run, "--grace", "(default " + Durations.format(Defaults.GRACE) + ")");
        assertSays(run, "--max-send-lag", "(default " + Durations.format(Defaults.MAX_SEND_LAG) + ")");
        assertSays(run, "--max-error-rate", "(default " + percent(Defaults.MAX_ERROR_RATE) + ")");
        assertSays(run, "--max-stall", "(default " + percent(Defaults.MAX_STALL) + ")");
        assertSays(run, "--stall-after", "(default " + Durations.format(Defaults.STALL_AFTER) + ")");
        assertSays(run, "--arrival", Defaults.ARRIVAL.describe() + " (default)");
        assertSays(run, "--on-overload", Defaults.ON_OVERLOAD.name().toLowerCase(Locale.ROOT) + " (default;");
    }

    @Test
    void rateOptions_lengthDefaultsInWords_sayTheConstants() {
        CommandLine rate = Main.commandLine(SINK, SINK).getSubcommands().get("rate");

        assertSays(rate, "--experiment", "(default: " + Durations.format(Defaults.CURVE_EXPERIMENT) + " for a curve, "
                + Durations.format(Defaults.RATING_EXPERIMENT) + " for a store)");
        assertSays(rate, "--warmup", "(default: " + Durations.format(Defaults.CURVE_WARMUP) + " for a curve, "
                + Durations.format(Defaults.RATING_WARMUP) + " for a store)");
    }

    /** The delta analyzer's first length is an annotation's default (a string): it must be the analyzer's own. */
    @Test
    void rateOptions_deltaStartDefault_isTheAnalyzers() {
        CommandLine rate = Main.commandLine(SINK, SINK).getSubcommands().get("rate");

        assertEquals(DeltaAnalyzer.DEFAULT_INITIAL_LENGTH,
                Durations.parse("--delta-start", rate.getCommandSpec().findOption("--delta-start").defaultValue()));
    }

    /** result.json records the bare main job's length as it always did: duration=12s, warmup=2s. */
    @Test
    void bareMainJob_recordsItsLengthFromTheConstants() {
        Map<String, String> m = new RunOptions().settings(SINK).asMap();

        assertEquals("12s", m.get("duration"));
        assertEquals("2s", m.get("warmup"));
        assertEquals(Defaults.MAIN_JOB_DURATION, Durations.parse("duration", m.get("duration")));
        assertEquals(Defaults.MAIN_JOB_WARMUP, Durations.parse("warmup", m.get("warmup")));
    }

    /** The option's description, as --help prints it (picocli formats it: %% is %), contains {@code words}. */
    private static void assertSays(CommandLine command, String option, String words) {
        String description = String.join(" ", command.getCommandSpec().findOption(option).description())
                .replace("%%", "%");
        assertTrue(description.contains(words), option + " says \"" + description + "\", not " + words);
    }

    private static String percent(double share) {
        return new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(share * 100) + "%";
    }
}
