package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;

class RunMetricsTest {
    private static final RunFacts OPEN = new RunFacts("run", "memory", 42, "open", false, 0, s -> 1000, 1, 10,
            0.001, 0.01);

    @Test
    void interval_measured_countsByOpAndStatusAsTheSnapshot() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 900).ops("READ", Status.ERROR, 50, 7)
                .ops("UPDATE", Status.OK, 300, 93).build(0, 1000), 2.0, 3, false);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 120, 1000).build(1000, 2000), 3.0, 0,
                false);
        Scrape s = Scrape.of(m.registry());
        assertEquals(1900, s.value("openmark_operations_total{op=\"READ\",status=\"ok\",worker=\"\"}"));
        assertEquals(7, s.value("openmark_operations_total{op=\"READ\",status=\"error\",worker=\"\"}"));
        assertEquals(93, s.value("openmark_operations_total{op=\"UPDATE\",status=\"ok\",worker=\"\"}"));
        assertEquals(2000, s.value("openmark_issued_operations_total{worker=\"\"}"));
        // each latency series counts what its counter counts
        assertEquals(1900, s.value("openmark_response_time_seconds_count{op=\"READ\",status=\"ok\",worker=\"\"}"));
        // 900 of 100 us, 1000 of 120 us: cumulative classic buckets
        assertEquals(900, s.value(
                "openmark_response_time_seconds_bucket{op=\"READ\",status=\"ok\",worker=\"\",le=\"1.0E-4\"}"));
        assertEquals(1900, s.value(
                "openmark_response_time_seconds_bucket{op=\"READ\",status=\"ok\",worker=\"\",le=\"2.5E-4\"}"));
    }

    /** Each --event as it starts and ends: Unix time, by its number and (a shortened) command, for Grafana's annotations. */
    @Test
    void event_startAndEnd_servedByNumberAndCommand() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.event(1, "bin/openmark-services add-node cassandra", 1_795_000_000.25, false);
        m.event(2, "x".repeat(200), 1_795_000_001.5, false);
        m.event(1, "bin/openmark-services add-node cassandra", 1_795_000_090.75, true);
        Scrape s = Scrape.of(m.registry());
        assertEquals(1_795_000_000.25, s.value("openmark_event_start_timestamp_seconds{command=\"bin/openmark-services"
                + " add-node cassandra\",event=\"1\"}"));
        assertEquals(1_795_000_090.75, s.value("openmark_event_end_timestamp_seconds{command=\"bin/openmark-services"
                + " add-node cassandra\",event=\"1\"}"));
        assertEquals(1_795_000_001.5, s.value("openmark_event_start_timestamp_seconds{command=\""
                + "x".repeat(RunMetrics.COMMAND_LABEL_CHARS - 1) + "…\",event=\"2\"}"));
        assertTrue(Double.isNaN(s.value("openmark_event_end_timestamp_seconds{command=\"" + "x".repeat(
                RunMetrics.COMMAND_LABEL_CHARS - 1) + "…\",event=\"2\"}")), "not ended: no end");
    }

    @Test
    void interval_warmUp_countedApartFromTheResult() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 50).build(0, 1000), 1.0, 0, true);
        Scrape s = Scrape.of(m.registry());
        assertEquals(50, s.value("openmark_warmup_operations_total{op=\"READ\",status=\"ok\",worker=\"\"}"));
        assertTrue(Double.isNaN(s.value("openmark_operations_total{op=\"READ\",status=\"ok\",worker=\"\"}")));
        assertEquals(1, s.value("openmark_phase{openmark_phase=\"warmup\"}"));
    }

    @Test
    void interval_percentileGauges_areTheIntervalsHdrPercentiles() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        Snapshots b = new Snapshots();
        for (int us = 1; us <= 10_000; us++) {
            b.ops("READ", Status.OK, us, 1);
        }
        b.ops("READ", Status.ERROR, 250_000, 3).lag(40, 990).lag(5_000, 10);
        IntervalSnapshot snap = b.build(0, 1000);
        m.interval(RunMetrics.RUN, snap, 1.0, 0, false);
        Histogram read = snap.responseByOperation().get("READ");
        Scrape s = Scrape.of(m.registry());
        assertEquals(read.getValueAtPercentile(99) / 1e6,
                s.value("openmark_interval_response_time_seconds{op=\"READ\",percentile=\"99\",worker=\"\"}"));
        assertEquals(read.getMaxValue() / 1e6,
                s.value("openmark_interval_response_time_seconds{op=\"READ\",percentile=\"max\",worker=\"\"}"));
        assertEquals(snap.sendLag().getValueAtPercentile(99.9) / 1e6,
                s.value("openmark_interval_send_lag_seconds{percentile=\"99.9\",worker=\"\"}"));
    }

    @Test
    void interval_operationAbsentFromTheInterval_hasNoPercentiles() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.interval(RunMetrics.RUN, new Snapshots().ops("SCAN", Status.OK, 100, 5).ops("READ", Status.OK, 10, 5)
                .build(0, 1000), 1.0, 0, false);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 10, 5).build(1000, 2000), 2.0, 0, false);
        Scrape s = Scrape.of(m.registry());
        assertFalse(s.text().contains("openmark_interval_response_time_seconds{op=\"SCAN\""), s.text());
        assertEquals(10e-6, s.value("openmark_interval_response_time_seconds{op=\"READ\",percentile=\"50\",worker=\"\"}"));
    }

    @Test
    void verdicts_failuresAboveTheBudget_storeFailsThenTheReportDecides() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 990).ops("READ", Status.NOT_FOUND, 1, 9)
                .ops("READ", Status.ERROR, 100, 10).lag(10, 1000).build(0, 1000), 1.0, 0, false);
        assertEquals(1, Scrape.of(m.registry()).value("openmark_verdict{verdict=\"store\"}")); // 10 of 1009 <= 1 %
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.SERVICE_UNAVAILABLE, 100, 1).build(1000, 2000),
                2.0, 0, false);
        Scrape s = Scrape.of(m.registry());
        assertEquals(0, s.value("openmark_verdict{verdict=\"store\"}")); // 11 of 1010 > 1 %
        assertEquals(1, s.value("openmark_verdict{verdict=\"generator\"}"));
        assertEquals(0, s.value("openmark_verdict_final"));
        m.phaseEnded(true, true, 998.5);
        s = Scrape.of(m.registry());
        assertEquals(1, s.value("openmark_verdict{verdict=\"store\"}"));
        assertEquals(1, s.value("openmark_verdict_final"));
        assertEquals(998.5, s.value("openmark_scheduled_rate_operations_per_second"));
        assertEquals(1, s.value("openmark_phase{openmark_phase=\"done\"}"));
    }

    @Test
    void verdicts_sendLagP99AboveTheLimitOrADrop_generatorFails() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 100).lag(900, 100).build(0, 1000), 1.0,
                0, false);
        assertEquals(1, Scrape.of(m.registry()).value("openmark_verdict{verdict=\"generator\"}"));
        m.loadCounts(0, 1);
        assertEquals(0, Scrape.of(m.registry()).value("openmark_verdict{verdict=\"generator\"}"));
        assertEquals(1, Scrape.of(m.registry()).value("openmark_dropped_operations_total"));
        RunMetrics late = new RunMetrics();
        late.phaseStarted(OPEN);
        late.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 100).lag(900, 98).lag(1_500, 2)
                .build(0, 1000), 1.0, 0, false);
        assertEquals(0, Scrape.of(late.registry()).value("openmark_verdict{verdict=\"generator\"}"));
    }

    @Test
    void verdicts_lateSendsInTheFirstSecondWithoutWarmUp_notJudgedLive() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(new RunFacts("run", "memory", 42, "open", false, 0, s -> 1000, 0, 10, 0.001, 0.01));
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 100).lag(50_000, 100).build(0, 1000),
                1.0, 0, false);
        assertEquals(1, Scrape.of(m.registry()).value("openmark_verdict{verdict=\"generator\"}"));
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 100).lag(50_000, 100)
                .build(1000, 2000), 2.0, 0, false);
        assertEquals(0, Scrape.of(m.registry()).value("openmark_verdict{verdict=\"generator\"}"));
    }

    @Test
    void target_unpacedClosedModel_isNotANumber() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(new RunFacts("run", "noop", 1, "closed", false, 8, null, 0, 10, 0.001, 0.01));
        Scrape s = Scrape.of(m.registry());
        assertTrue(Double.isNaN(s.value("openmark_target_rate_operations_per_second")), s.text());
        assertEquals(8, s.value("openmark_client_threads"));
    }

    @Test
    void phase_pastTheDuration_isGrace() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(OPEN); // warm-up 1 s, duration 10 s
        m.interval(RunMetrics.RUN, new Snapshots().build(10_000, 11_000), 11.0, 4, false);
        assertEquals(1, Scrape.of(m.registry()).value("openmark_phase{openmark_phase=\"measured\"}"));
        m.interval(RunMetrics.RUN, new Snapshots().build(11_000, 11_500), 11.5, 2, false);
        Scrape s = Scrape.of(m.registry());
        assertEquals(1, s.value("openmark_phase{openmark_phase=\"grace\"}"));
        assertEquals(2, s.value("openmark_in_flight_operations{worker=\"\"}"));
        assertEquals(1000, s.value("openmark_target_rate_operations_per_second"));
    }

    @Test
    void info_runIdentity_isAnInfoMetric() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(RunFacts.of("run", org.openmark.run.RunConfigParser.parse(org.openmark.run.Phase.RUN,
                org.openmark.config.Settings.of(java.util.Map.of("seed", "7", "store", "memory", "duration", "5s")),
                null, true)));
        Scrape s = Scrape.of(m.registry());
        assertEquals(1, s.value("openmark_run_info{command=\"run\",model=\"open\",seed=\"7\",store=\"memory\"}"),
                s.text());
        assertTrue(s.text().contains("jvm_memory_used_bytes"), "the JVM's own metrics");
    }
}
