package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.workload.CoreWorkloadConfig.RequestDistribution;
import org.openmark.workload.generator.ChiSquare;

/** The shipped workloads/workloada … workloadf files: they parse, every property is used, the mixes hold. */
class WorkloadFilesTest {
    private static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE");

    private static Settings load(String name) throws IOException {
        // surefire runs in the module directory; the files live at the repository root
        Path file = Path.of("..", "workloads", name);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        Map<String, String> m = new HashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
        return Settings.of(m);
    }

    @ParameterizedTest
    @CsvSource({
        "workloada, ZIPFIAN, 0.5, 0.5, 0, 0, 0",
        "workloadb, ZIPFIAN, 0.95, 0.05, 0, 0, 0",
        "workloadc, ZIPFIAN, 1, 0, 0, 0, 0",
        "workloadd, LATEST, 0.95, 0, 0.05, 0, 0",
        "workloade, ZIPFIAN, 0, 0, 0.05, 0.95, 0",
        "workloadf, ZIPFIAN, 0.5, 0, 0, 0, 0.5"})
    void workloadFile_parsed_hasYcsbMixAndDistribution(String file, RequestDistribution distribution,
            double read, double update, double insert, double scan, double rmw) throws IOException {
        Settings settings = load(file);
        Workload w = Workloads.create(settings, Clock.system(), OptionalLong.of(1000));
        CoreWorkload core = assertInstanceOf(CoreWorkload.class, w);
        assertEquals(distribution, core.config().requestDistribution());
        assertEquals(1000, core.config().recordCount());
        // operationcount belongs to the run; every other property must be one the workload reads
        assertEquals(Set.of("operationcount"), settings.unread());

        WorkloadClient c = w.newClient(0, 1, 99);
        long[] counts = new long[OPERATIONS.size()];
        for (int i = 0; i < 20_000; i++) {
            counts[OPERATIONS.indexOf(c.nextOperation().name())]++;
        }
        double[] expected = {read, update, insert, scan, rmw};
        double[] positive = java.util.Arrays.stream(expected).filter(x -> x > 0).toArray();
        long[] observed = new long[positive.length];
        int j = 0;
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] > 0) {
                observed[j++] = counts[i];
            } else {
                assertEquals(0, counts[i], OPERATIONS.get(i) + " in " + file);
            }
        }
        if (positive.length > 1) {
            ChiSquare.assertFits(positive, observed, file + " mix");
        }
        if (file.equals("workloade")) {
            assertEquals(100, core.config().maxScanLength());
        }
    }
}
