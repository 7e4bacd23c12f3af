package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.config.ConfigException;

class SlaTest {

    @Test
    void parse_latencyOnly_boundsPercentileAndNothingElse() {
        Sla sla = Sla.parse("p95<=100ms");
        assertEquals(95.0, sla.percentile());
        assertEquals(100_000_000L, sla.maxLatencyNanos());
        assertEquals(1.0, sla.maxUnpredictableFraction());
        assertEquals(Duration.ZERO, sla.sustain());
    }

    @Test
    void parse_allClauses_readsEachWithUnits() {
        Sla sla = Sla.parse("p99<=20ms, unpredictable<=0.1%, for 10m");
        assertEquals(99.0, sla.percentile());
        assertEquals(20_000_000L, sla.maxLatencyNanos());
        assertEquals(0.001, sla.maxUnpredictableFraction(), 1e-15);
        assertEquals(Duration.ofMinutes(10), sla.sustain());
    }

    @Test
    void parse_fractionalPercentileAndUnitsAndSpaces_converts() {
        Sla sla = Sla.parse(" P99.9 <= 2.5 ms ,for 1.5h ");
        assertEquals(99.9, sla.percentile());
        assertEquals(2_500_000L, sla.maxLatencyNanos());
        assertEquals(Duration.ofMinutes(90), sla.sustain());
        assertEquals(250_000L, Sla.parse("p50<=250us").maxLatencyNanos());
        assertEquals(2_000_000_000L, Sla.parse("p50<=2s").maxLatencyNanos());
        assertEquals(Duration.ofSeconds(45), Sla.parse("p50<=2s, for 45s").sustain());
    }

    @Test
    void toString_parsedText_isCanonicalAndParsesToEqualSla() {
        Sla sla = Sla.parse("p99.9<=2.5ms,unpredictable<=0.1%,for 90m");
        assertEquals("p99.9<=2.5ms, unpredictable<=0.1%, for 90m", sla.toString());
        assertEquals(sla, Sla.parse(sla.toString()));
        assertEquals("none", Sla.none().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "p95", "p95<100ms", "p95<=100", "p95<=100min", "p0<=1ms", "p101<=1ms",
        "p95<=0ms", "unpredictable<=0.1%", "p95<=1ms, unpredictable<=0.1", "p95<=1ms, unpredictable<=101%",
        "p95<=1ms, for 10", "p95<=1ms, for 0m", "p95<=1ms, p99<=2ms", "p95<=1ms, for 1m, for 2m",
        "p95<=1ms, latency fast"})
    void parse_badText_namesFlagTextAndAllowedForms(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> Sla.parse(text));
        assertTrue(e.getMessage().startsWith("--sla=" + text + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("p95<=100ms") && e.getMessage().contains("unpredictable<=0.1%")
                && e.getMessage().contains("for 10m"), e.getMessage());
    }

    @Test
    void parse_unknownClause_quotesTheClause() {
        ConfigException e = assertThrows(ConfigException.class, () -> Sla.parse("p95<=1ms, latency fast"));
        assertTrue(e.getMessage().contains("'latency fast'"), e.getMessage());
    }

    @Test
    void isMet_latencyAtBound_passesAndOneNanoAboveFails() {
        Sla sla = Sla.parse("p95<=100ms");
        assertTrue(sla.isMet(ExperimentMeasurement.atPercentile(95, 100_000_000L, 0, Duration.ofSeconds(1))));
        ExperimentMeasurement slow = ExperimentMeasurement.atPercentile(95, 100_000_001L, 0, Duration.ofSeconds(1));
        assertFalse(sla.isMet(slow));
        assertEquals(1, sla.evaluate(slow).size());
        assertTrue(sla.evaluate(slow).get(0).startsWith("p95 "), sla.evaluate(slow).toString());
    }

    @Test
    void isMet_usesHistogramLikeFunctionAtTheSlaPercentile() {
        // latency grows with the percentile: p99 = 99 ms, p99.9 = 99.9 ms
        ExperimentMeasurement m = new ExperimentMeasurement(p -> Math.round(p * 1_000_000), 0, Duration.ofSeconds(1));
        assertTrue(Sla.parse("p99<=99ms").isMet(m));
        assertFalse(Sla.parse("p99.9<=99ms").isMet(m));
    }

    @Test
    void isMet_tooManyUnpredictableReads_fails() {
        Sla sla = Sla.parse("p95<=100ms, unpredictable<=0.1%");
        assertTrue(sla.isMet(ExperimentMeasurement.atPercentile(95, 1, 0.001, Duration.ofSeconds(1))));
        ExperimentMeasurement stale = ExperimentMeasurement.atPercentile(95, 1, 0.0011, Duration.ofSeconds(1));
        assertFalse(sla.isMet(stale));
        assertTrue(sla.evaluate(stale).get(0).startsWith("unpredictable"), sla.evaluate(stale).toString());
    }

    @Test
    void isSustained_shorterThanDelta_failsWhileIsMetPasses() {
        Sla sla = Sla.parse("p95<=100ms, for 10m");
        ExperimentMeasurement shortRun = ExperimentMeasurement.atPercentile(95, 1, 0, Duration.ofMinutes(9));
        assertTrue(sla.isMet(shortRun));
        assertFalse(sla.isSustained(shortRun));
        assertTrue(sla.isSustained(ExperimentMeasurement.atPercentile(95, 1, 0, Duration.ofMinutes(10))));
    }

    @Test
    void atPercentile_askedForAnotherPercentile_throwsRatherThanJudgeTheWrongNumber() {
        ExperimentMeasurement m = ExperimentMeasurement.atPercentile(95, 1, 0, Duration.ZERO);
        assertThrows(IllegalArgumentException.class, () -> Sla.parse("p99<=1ms").isMet(m));
    }

    @Test
    void none_anyMeasurement_isMet() {
        assertTrue(Sla.none().isMet(new ExperimentMeasurement(p -> Long.MAX_VALUE - 1, 1.0, Duration.ZERO)));
    }
}
