package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class DeltaAnalyzerTest {

    /** A warm-up bias that fades: X(d) = 1000 (1 − 5 s / d). */
    private static DeltaSample warmingUp(Duration d) {
        return DeltaSample.of(1000 * (1 - 5.0 / d.toSeconds()));
    }

    @Test
    void analyze_fadingWarmupBias_choosesTheFirstLengthOfTheFirstAgreeingWindow() {
        // The window starting at d spans X(4d) − X(d) = 3750 / d, within 5% of X(4d) = 1000 − 1250 / d
        // when d >= 76.25 s: of 10, 20, 40, 80 s the first such start is 80 s.
        DeltaAnalysis analysis = DeltaAnalyzer.defaults().analyze(DeltaAnalyzerTest::warmingUp);
        assertTrue(analysis.converged());
        assertEquals(Duration.ofSeconds(80), analysis.delta());
        assertEquals(List.of(10L, 20L, 40L, 80L, 160L, 320L),
                analysis.runs().stream().map(r -> r.length().toSeconds()).toList());
        assertEquals(Duration.ofSeconds(630), analysis.timeSpent());
    }

    @Test
    void analyze_seededNoiseShrinkingWithLength_convergesAndTheChosenWindowAgrees() {
        for (long seed = 1; seed <= 50; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            // relative noise 40% / sqrt(seconds): ±12.6% at 10 s, ±1.6% at 640 s
            DeltaAnalysis analysis = DeltaAnalyzer.defaults().analyze(d -> DeltaSample.of(
                    5000 * (1 + 0.4 / Math.sqrt(d.toSeconds()) * (2 * random.nextDouble() - 1))));
            assertTrue(analysis.converged(), "seed " + seed);
            int first = analysis.runs().size() - 3;
            assertEquals(analysis.runs().get(first).length(), analysis.delta());
            double max = analysis.runs().subList(first, first + 3).stream()
                    .mapToDouble(r -> r.sample().throughputOpsPerSec()).max().orElseThrow();
            double min = analysis.runs().subList(first, first + 3).stream()
                    .mapToDouble(r -> r.sample().throughputOpsPerSec()).min().orElseThrow();
            assertTrue(max - min <= 0.05 * max, "seed " + seed);
        }
    }

    @Test
    void analyze_neverAgrees_stopsAfterMaxRunsAndProposesTheLongest() {
        DeltaAnalyzer analyzer = new DeltaAnalyzer(Duration.ofSeconds(1), 3, 0.05, 6);
        int[] call = {0};
        DeltaAnalysis analysis = analyzer.analyze(d -> DeltaSample.of(call[0]++ % 2 == 0 ? 100 : 200));
        assertFalse(analysis.converged());
        assertEquals(6, analysis.runs().size());
        assertEquals(Duration.ofSeconds(32), analysis.delta());
    }

    @Test
    void analyze_throughputStableButUtilizationDrifting_waitsForUtilizationToSettle() {
        // CPU utilization 0.9 − 2.4 s / d: within 5 points over a window from d = 40 s on
        // (0.9 − 0.06 vs 0.9 − 0.015), while throughput is flat from the start.
        DeltaAnalysis analysis = DeltaAnalyzer.defaults().analyze(d -> new DeltaSample(
                1000, Map.of("cpu", 0.9 - 2.4 / d.toSeconds())));
        assertEquals(Duration.ofSeconds(40), analysis.delta());
        DeltaAnalysis throughputOnly = DeltaAnalyzer.defaults().analyze(d -> DeltaSample.of(1000));
        assertEquals(Duration.ofSeconds(10), throughputOnly.delta());
    }

    @Test
    void constructor_badSettings_namesTheProperty() {
        assertTrue(assertThrows(ConfigException.class, () -> new DeltaAnalyzer(Duration.ZERO, 3, 0.05, 8))
                .getMessage().startsWith("delta.initial="));
        assertTrue(assertThrows(ConfigException.class, () -> new DeltaAnalyzer(Duration.ofSeconds(1), 1, 0.05, 8))
                .getMessage().startsWith("delta.agree=1"));
        assertTrue(assertThrows(ConfigException.class, () -> new DeltaAnalyzer(Duration.ofSeconds(1), 3, 1.5, 8))
                .getMessage().startsWith("delta.threshold="));
        assertTrue(assertThrows(ConfigException.class, () -> new DeltaAnalyzer(Duration.ofSeconds(1), 3, 0.05, 2))
                .getMessage().startsWith("delta.maxruns=2"));
    }
}
