package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openmark.config.Durations;
import org.openmark.config.Settings;
import org.openmark.run.Defaults;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigParser;
import org.openmark.txn.TxnConfig;
import org.openmark.workload.Workloads;

/**
 * docs/running.md's table of run options is the manual's one list of the run's properties and
 * their defaults: every property the parser reads has a row, and each default the row states is
 * {@link Defaults}' constant, so neither can drift from the code.
 */
class RunPropertiesDocumentedTest {
    private static final Path FILE = Path.of("..", "docs", "running.md");
    /** A row: | flag | property cell | default | meaning |. */
    private static final Pattern ROW = Pattern.compile("^\\| ([^|]+) \\| ([^|]+) \\| ([^|]+) \\| (.+) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z][a-z.]*)`");

    /** Read by the parser but set only by openmark itself, never by a user. */
    private static final Set<String> INTERNAL = Set.of("share");

    @Test
    void everyPropertyTheParserReads_hasARow() throws Exception {
        Map<String, String> defaults = documentedDefaults();
        Set<String> read = new TreeSet<>();
        for (Map<String, String> given : List.of(Map.of("duration", "10s"),
                Map.of("duration", "10s", "model", "closed"))) {
            Settings s = Settings.of(given);
            RunConfigParser.parse(Phase.RUN, s, null, true);
            RunConfigParser.parse(Phase.LOAD, s, null, true);
            read.addAll(s.askedNames());
            // The parser resolves the workload and its transactions too: their properties are listed in
            // docs/workloads.md (WorkloadPropertiesDocumentedTest) and docs/transactions.md.
            Settings workload = Settings.of(given);
            TxnConfig.parse(workload, Workloads.resolve(workload).transactional());
            read.removeAll(workload.askedNames());
        }
        read.removeAll(INTERNAL);

        assertTrue(read.size() > 20, "the parser's reads were recorded: " + read);
        List<String> missing = new ArrayList<>(read);
        missing.removeAll(defaults.keySet());
        assertEquals(List.of(), missing, "properties the parser reads that docs/running.md's table does not list");
    }

    @Test
    void theDefaultsItStates_areTheConstants() throws Exception {
        Map<String, String> documented = documentedDefaults();
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("store", "`" + Defaults.STORE + "`");
        expected.put("rate", String.valueOf(Defaults.RATE_PER_SEC));
        expected.put("arrival", "`" + Defaults.ARRIVAL.describe() + "`");
        expected.put("maxinflight", String.valueOf(Defaults.MAX_IN_FLIGHT));
        expected.put("onoverload", "`" + Defaults.ON_OVERLOAD.name().toLowerCase(Locale.ROOT) + "`");
        expected.put("maxsendlag", "`" + Durations.format(Defaults.MAX_SEND_LAG) + "`");
        expected.put("maxerrorrate", "`" + percent(Defaults.MAX_ERROR_RATE) + "`");
        expected.put("maxstall", "`" + percent(Defaults.MAX_STALL) + "`");
        expected.put("stallafter", "`" + Durations.format(Defaults.STALL_AFTER) + "`");
        expected.put("timeseries.granularity", Defaults.GRANULARITY_MILLIS + " (ms)");
        expected.put("threadcount", String.valueOf(Defaults.THREADS));
        expected.put("target", number(Defaults.TARGET_PER_SEC) + " (unpaced)");
        expected.put("thinktime", String.valueOf(Defaults.THINK_TIME.toMillis()));
        expected.put("warmup", String.valueOf(Defaults.WARMUP.toMillis()));
        expected.put("status.interval", String.valueOf(Defaults.STATUS_INTERVAL_SECONDS));
        expected.put("grace", "`" + Durations.format(Defaults.GRACE) + "`");
        expected.put("hdrhistogram.percentiles", "`" + String.join(",",
                Defaults.PERCENTILES.stream().map(RunPropertiesDocumentedTest::number).toList()) + "`");
        expected.put("autoload", "`" + Defaults.AUTO_LOAD + "`");
        expected.put("loadstalltimeout", "`" + Durations.format(Defaults.LOAD_STALL_TIMEOUT) + "`");
        expected.put("time", "`" + Defaults.TIME + "`");

        for (Map.Entry<String, String> e : expected.entrySet()) {
            String cell = documented.get(e.getKey());
            assertNotNull(cell, e.getKey() + " has no row in docs/running.md's table");
            assertEquals(e.getValue(), cell, "docs/running.md's default of " + e.getKey());
        }
    }

    /** Property name → the default cell of its row, for every name in backquotes in a row's property cell. */
    private static Map<String, String> documentedDefaults() throws Exception {
        Map<String, String> byName = new LinkedHashMap<>();
        for (String line : Files.readAllLines(FILE)) {
            Matcher row = ROW.matcher(line);
            if (!row.matches() || row.group(1).startsWith("---") || row.group(1).equals("flag")) {
                continue;
            }
            Matcher name = NAME.matcher(row.group(2));
            while (name.find()) {
                byName.putIfAbsent(name.group(1), row.group(3).trim());
            }
        }
        return byName;
    }

    private static String percent(double share) {
        return number(share * 100) + "%";
    }

    private static String number(double value) {
        return new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
    }
}
