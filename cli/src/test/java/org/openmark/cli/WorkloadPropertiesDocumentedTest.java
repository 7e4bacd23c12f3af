package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openmark.config.PropertyText;
import org.openmark.config.Settings;
import org.openmark.txn.EconomyDefaults;
import org.openmark.txn.EconomyProperties;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.WorkloadDefaults;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.Workloads;

/**
 * docs/workloads.md's table is the manual's one list of the core workload's properties and their
 * defaults, and docs/transactions.md's table the closed economy's own defaults: every property the
 * core workload reads has a row, and each default a row states is the constant
 * ({@link WorkloadDefaults}, {@link EconomyDefaults}).
 */
class WorkloadPropertiesDocumentedTest {
    private static final Path WORKLOADS = Path.of("..", "docs", "workloads.md");
    private static final Path TRANSACTIONS = Path.of("..", "docs", "transactions.md");
    /** A row of a three-column table: | property cell | default | meaning |. */
    private static final Pattern ROW = Pattern.compile("^\\| ([^|]+) \\| ([^|]+) \\| (.+) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z_][a-z_.]*)`");

    @Test
    void everyPropertyTheCoreWorkloadReads_hasARow() throws Exception {
        Settings s = Settings.of(Map.of(WorkloadProperties.RECORD_COUNT, "10"));
        CoreWorkloadConfig.from(s);
        Set<String> read = new TreeSet<>(s.askedNames());
        read.add(Workloads.PROPERTY);

        assertTrue(read.size() > 25, "the core workload's reads were recorded: " + read);
        List<String> missing = new ArrayList<>(read);
        missing.removeAll(documentedDefaults(WORKLOADS).keySet());
        assertEquals(List.of(), missing, "properties the core workload reads that docs/workloads.md's table does not list");
    }

    @Test
    void theCoreWorkloadsDefaultsItStates_areTheConstants() throws Exception {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put(WorkloadProperties.WORKLOAD, WorkloadDefaults.WORKLOAD);
        expected.put(WorkloadProperties.TABLE, WorkloadDefaults.TABLE);
        expected.put(WorkloadProperties.INSERT_START, WorkloadDefaults.INSERT_START);
        expected.put(WorkloadProperties.FIELD_COUNT, WorkloadDefaults.FIELD_COUNT);
        expected.put(WorkloadProperties.FIELD_LENGTH, WorkloadDefaults.FIELD_LENGTH);
        expected.put(WorkloadProperties.MIN_FIELD_LENGTH, WorkloadDefaults.MIN_FIELD_LENGTH);
        expected.put(WorkloadProperties.FIELD_LENGTH_DISTRIBUTION, WorkloadDefaults.FIELD_LENGTH_DISTRIBUTION);
        expected.put(WorkloadProperties.FIELD_LENGTH_HISTOGRAM, WorkloadDefaults.FIELD_LENGTH_HISTOGRAM);
        expected.put(WorkloadProperties.FIELD_NAME_PREFIX, WorkloadDefaults.FIELD_NAME_PREFIX);
        expected.put(WorkloadProperties.READ_ALL_FIELDS, WorkloadDefaults.READ_ALL_FIELDS);
        expected.put(WorkloadProperties.READ_ALL_FIELDS_BY_NAME, WorkloadDefaults.READ_ALL_FIELDS_BY_NAME);
        expected.put(WorkloadProperties.WRITE_ALL_FIELDS, WorkloadDefaults.WRITE_ALL_FIELDS);
        expected.put(WorkloadProperties.DATA_INTEGRITY, WorkloadDefaults.DATA_INTEGRITY);
        expected.put(WorkloadProperties.READ_PROPORTION, WorkloadDefaults.READ_PROPORTION);
        expected.put(WorkloadProperties.UPDATE_PROPORTION, WorkloadDefaults.UPDATE_PROPORTION);
        expected.put(WorkloadProperties.INSERT_PROPORTION, WorkloadDefaults.INSERT_PROPORTION);
        expected.put(WorkloadProperties.SCAN_PROPORTION, WorkloadDefaults.SCAN_PROPORTION);
        expected.put(WorkloadProperties.READ_MODIFY_WRITE_PROPORTION, WorkloadDefaults.READ_MODIFY_WRITE_PROPORTION);
        expected.put(WorkloadProperties.DELETE_PROPORTION, WorkloadDefaults.DELETE_PROPORTION);
        expected.put(WorkloadProperties.REQUEST_DISTRIBUTION, WorkloadDefaults.REQUEST_DISTRIBUTION);
        expected.put(WorkloadProperties.ZIPFIAN_CONSTANT, WorkloadDefaults.ZIPFIAN_CONSTANT);
        expected.put(WorkloadProperties.ZIPFIAN_ETA, WorkloadDefaults.ZIPFIAN_ETA);
        expected.put(WorkloadProperties.HOTSPOT_DATA_FRACTION, WorkloadDefaults.HOTSPOT_DATA_FRACTION);
        expected.put(WorkloadProperties.HOTSPOT_OPN_FRACTION, WorkloadDefaults.HOTSPOT_OPN_FRACTION);
        expected.put(WorkloadProperties.EXPONENTIAL_PERCENTILE, WorkloadDefaults.EXPONENTIAL_PERCENTILE);
        expected.put(WorkloadProperties.EXPONENTIAL_FRAC, WorkloadDefaults.EXPONENTIAL_FRAC);
        expected.put(WorkloadProperties.MIN_SCAN_LENGTH, WorkloadDefaults.MIN_SCAN_LENGTH);
        expected.put(WorkloadProperties.MAX_SCAN_LENGTH, WorkloadDefaults.MAX_SCAN_LENGTH);
        expected.put(WorkloadProperties.SCAN_LENGTH_DISTRIBUTION, WorkloadDefaults.SCAN_LENGTH_DISTRIBUTION);
        expected.put(WorkloadProperties.INSERT_ORDER, WorkloadDefaults.INSERT_ORDER);
        expected.put(WorkloadProperties.ZERO_PADDING, WorkloadDefaults.ZERO_PADDING);
        expected.put(WorkloadProperties.INSERTION_RETRY_LIMIT, WorkloadDefaults.INSERTION_RETRY_LIMIT);
        expected.put(WorkloadProperties.INSERTION_RETRY_INTERVAL, WorkloadDefaults.INSERTION_RETRY_INTERVAL_SECONDS);

        assertStates(WORKLOADS, expected);
    }

    @Test
    void theEconomysOwnDefaultsItStates_areTheConstants() throws Exception {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put(WorkloadProperties.RECORD_COUNT, EconomyDefaults.RECORD_COUNT);
        expected.put(EconomyProperties.TOTAL_CASH, EconomyDefaults.TOTAL_CASH);
        expected.put(WorkloadProperties.FIELD_COUNT, EconomyDefaults.FIELD_COUNT);
        expected.put(WorkloadProperties.READ_PROPORTION, EconomyDefaults.READ_PROPORTION);
        expected.put(WorkloadProperties.UPDATE_PROPORTION, EconomyDefaults.UPDATE_PROPORTION);
        expected.put(WorkloadProperties.READ_MODIFY_WRITE_PROPORTION, EconomyDefaults.READ_MODIFY_WRITE_PROPORTION);
        expected.put(WorkloadProperties.REQUEST_DISTRIBUTION, EconomyDefaults.REQUEST_DISTRIBUTION);

        assertStates(TRANSACTIONS, expected);
    }

    /** Each name's row in {@code file} states its default as {@code `value`}, as a user writes it. */
    private static void assertStates(Path file, Map<String, Object> expected) throws Exception {
        Map<String, String> documented = documentedDefaults(file);
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            String cell = documented.get(e.getKey());
            assertNotNull(cell, e.getKey() + " has no row in " + file);
            assertEquals("`" + text(e.getValue()) + "`", cell, file + "'s default of " + e.getKey());
        }
    }

    private static String text(Object value) {
        return switch (value) {
            case Double d -> PropertyText.of(d);
            case Enum<?> e -> e.name().toLowerCase(Locale.ROOT);
            default -> String.valueOf(value);
        };
    }

    /** Property name → the default cell of its row, for the first name in backquotes of each row's first cell. */
    private static Map<String, String> documentedDefaults(Path file) throws Exception {
        Map<String, String> byName = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            Matcher row = ROW.matcher(line);
            if (!row.matches() || row.group(1).startsWith("---")) {
                continue;
            }
            Matcher name = NAME.matcher(row.group(1));
            if (name.find()) {
                byName.putIfAbsent(name.group(1), row.group(2).trim());
            }
        }
        return byName;
    }
}
