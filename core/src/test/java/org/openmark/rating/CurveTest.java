package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.config.ConfigException;

class CurveTest {

    @Test
    void quadratic_papersPeak_isMinusTSquaredPlus20000T() {
        QuadraticCurve q = (QuadraticCurve) Curve.parse("quadratic:peak=100000000");
        assertEquals(20_000, q.b());
        assertEquals(0, q.c());
        assertEquals(10_000, q.peakLoad());
        assertEquals(100_000_000.0, q.throughputAt(10_000));
        assertEquals(99_999_999.0, q.throughputAt(9_999));
        assertEquals(0.0, q.throughputAt(20_000));
        assertEquals(0.0, q.throughputAt(1_000_000_000L));
    }

    @Test
    void quadratic_randomPeaks_vertexAtRoundSqrtWithValuePeakAndStrictlyLowerNeighbours() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 1000; i++) {
            long peak = 1 + random.nextLong(1_000_000_000_000L);
            QuadraticCurve q = QuadraticCurve.ofPeak(peak, Long.MAX_VALUE);
            long t = q.peakLoad();
            assertEquals(Math.round(Math.sqrt(peak)), t);
            assertEquals((double) peak, q.throughputAt(t), "peak " + peak);
            assertTrue(q.throughputAt(t + 1) < peak, "peak " + peak);
            assertTrue(t == 1 || q.throughputAt(t - 1) < peak, "peak " + peak);
        }
    }

    @Test
    void parse_eachFormWithCap_readsParameters() {
        assertEquals(new SqrtCurve(1000, Long.MAX_VALUE), Curve.parse("sqrt:scale=1000"));
        assertEquals(new PlateauCurve(5e6, 64, 32), Curve.parse("plateau:max=5e6,knee=64,slacap=32"));
        assertEquals(QuadraticCurve.ofPeak(100_000_000, 7000), Curve.parse(" Quadratic : peak=1e8 , slacap=7000"));
        assertEquals("quadratic:peak=100000000,slacap=7000", Curve.parse("quadratic:peak=1e8,slacap=7000").describe());
    }

    @Test
    void plateau_belowAndAboveKnee_risesLinearlyThenFlat() {
        Curve p = Curve.parse("plateau:max=1000,knee=10");
        assertEquals(500.0, p.throughputAt(5));
        assertEquals(1000.0, p.throughputAt(10));
        assertEquals(1000.0, p.throughputAt(10_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"quadratic", "cubic:peak=5", "quadratic:peak", "quadratic:top=5", "quadratic:peak=0",
        "quadratic:peak=2.5", "quadratic:peak=x", "sqrt:scale=-1", "plateau:max=10", "plateau:max=10,knee=0",
        "sqrt:scale=1,slacap=0", "sqrt:scale=1,scale=2"})
    void parse_badText_namesFlagTextAndAllowedForms(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> Curve.parse(text));
        assertTrue(e.getMessage().startsWith("--curve=" + text + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("quadratic:peak=P") && e.getMessage().contains("slacap=L"), e.getMessage());
    }

    @Test
    void curveExperimenter_aboveCap_failsSla() {
        CurveExperimenter e = new CurveExperimenter(Curve.parse("sqrt:scale=10,slacap=4"), Sla.none(), Duration.ofSeconds(1));
        assertTrue(e.run(4).slaMet());
        assertFalse(e.run(5).slaMet());
    }

    @Test
    void curveExperimenter_latency_followsLittlesLaw() {
        // sqrt:scale=1000 at T = 100: X = 10,000 ops/s, R = T / X = 10 ms
        Sla sla = Sla.parse("p95<=10ms");
        CurveExperimenter e = new CurveExperimenter(Curve.parse("sqrt:scale=1000"), sla, Duration.ofSeconds(1));
        assertEquals(10_000_000L, e.run(100).slaLatencyNanos());
        assertTrue(e.run(100).slaMet());
        assertFalse(e.run(101).slaMet());
    }

    @Test
    void curveExperimenter_confirm_requiresTheSlaDuration() {
        Sla sla = Sla.parse("p95<=1s, for 10m");
        CurveExperimenter e = new CurveExperimenter(Curve.parse("sqrt:scale=1000"), sla, Duration.ofSeconds(30));
        assertTrue(e.confirm(4, Duration.ofMinutes(10)).slaMet());
        assertFalse(e.confirm(4, Duration.ofMinutes(5)).slaMet());
        assertEquals(Duration.ofMinutes(10), e.confirm(4, Duration.ofMinutes(10)).duration());
    }
}
