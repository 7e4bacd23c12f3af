package org.openmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openmark.api.Status;
import org.openmark.load.LoadSpec;
import org.openmark.measure.Outage;
import org.openmark.run.MeasurementInterval;
import org.openmark.run.ModelReason;
import org.openmark.run.ReportForm;
import org.openmark.run.RunResult;
import org.openmark.run.WorkerReport;

/**
 * The text report reads as YCSB's output to a parser written for YCSB's format (every line, with
 * warnings, notes, outages and workers), and says what its latency blocks mean in this run.
 */
class YcsbTextReportFormTest {

    /** The open sample with everything openmark adds in words: a chosen seed, outages, a worker, notes, warnings. */
    private static RunResult everything(RunResult r, ReportForm form) {
        WorkerReport worker = new WorkerReport("worker-1", "127.0.0.1:41317", "1/2", 5, 500, 499.5,
                SampleResults.histogram(10, 20), 12.5, -3, 80, true, false, -1, -1, null, List.of("slow, then fine"));
        RunResult base = new RunResult(r.openmarkVersion(), r.seed(), true, r.phase(), r.model(), r.paced(),
                r.openModel(), "rocksdb", new java.util.TreeMap<>(Map.of("dir", "a, b", "version", "11.8.1")), r.config(), r.startEpochMs(),
                r.runtimeMs(), r.throughput(), r.operations(), r.accounting(), r.schedule(), r.unfinishedLatency(),
                List.of("send-lag p99 = 1162 us > 1000 us, where the store was healthy"),
                List.of("the store answered 800.0 ops/s of the 1000.0 ops/s offered (80%), and a queue built"),
                false, true, null, r.percentiles(), List.of(), List.of(worker),
                List.of(new Outage(Outage.Kind.ERRORS, 1.0, 2.5, Map.of(Status.ERROR, 4L), 4),
                        new Outage(Outage.Kind.STALL, 3.0, 4.0, Map.of(), 7)), List.of(), form);
        return base;
    }

    private static RunResult closed(boolean paced, ReportForm form) {
        RunResult o = SampleResults.openRun();
        return new RunResult(o.openmarkVersion(), o.seed(), o.seedChosen(), o.phase(),
                LoadSpec.displayOnly(paced ? "closed(threads=2, target=100/s)" : "closed(threads=1)"), paced, false,
                o.store(), o.storeFacts(), o.config(), o.startEpochMs(), o.runtimeMs(), o.throughput(), o.operations(),
                o.accounting(), null, o.unfinishedLatency(), o.warnings(), o.notes(), o.valid(), o.interrupted(), null,
                o.percentiles(), List.of(), List.of(), List.of(), List.of(), form);
    }

    @Test
    void openRunWithWarningsNotesOutagesWorkers_everyLineReadsAsYcsbOutput() {
        String text = YcsbTextReport.render(everything(SampleResults.openRun(),
                new ReportForm(ModelReason.OPENMARK_DEFAULT, MeasurementInterval.OP)));

        Map<String, Map<String, Double>> parsed = YcsbOutputParser.parse(text);

        assertEquals(9000, parsed.get("OVERALL").get("RunTime(ms)"));
        assertEquals(5, parsed.get("READ").get("Return=OK"));
        assertEquals(42, parsed.get("RUN").get("Seed"));
        assertTrue(parsed.containsKey("SERVICE-READ") && parsed.containsKey("SCHEDULE"), text);
        List<String> words = YcsbOutputParser.textLines(text);
        for (String expected : List.of("[RUN], Store, rocksdb (dir a, b, version 11.8.1)", "[RUN], Valid, false",
                "[RUN], Interrupted, true", "[ACCOUNTING], AddsUp, ", "[RUN], SeedChosen, replay with --seed 42",
                "[WARNING], send-lag p99 = 1162 us", "[NOTE], the store answered", "[OUTAGE], ERROR from 1.0 s to 2.5 s",
                "[OUTAGE], no operation completed from 3.0 s", "[WORKER], worker-1, 127.0.0.1:41317",
                "[RUN], Model, open(")) {
            assertTrue(words.stream().anyMatch(w -> w.startsWith(expected)), expected + " in\n" + text);
        }
    }

    @Test
    void openRun_headerSaysReadIsFromTheIntendedStartAndServiceIsYcsbsRead() {
        String text = YcsbTextReport.render(SampleResults.openRun());
        List<String> header = text.lines().takeWhile(l -> !l.startsWith("[OVERALL]")).toList();

        assertTrue(header.get(0).startsWith("# openmark: the open model, open("), text);
        assertTrue(header.stream().anyMatch(l -> l.contains("[READ] and the other operations' blocks are response"
                + " times: from each operation's intended start") && l.contains("[SERVICE-READ] is from its actual"
                + " start: what [READ] means in YCSB's closed model")), text);
        int schedule = text.indexOf("[SCHEDULE], SendLagMax(us)");
        int said = text.indexOf("# [SCHEDULE] SendLag: how long after its intended start");
        assertTrue(schedule > 0 && said > schedule, "the send lag is explained where it is printed:\n" + text);
    }

    @Test
    void ycsbFormClosedRun_headerSaysSoAndHowToGetTheOpenModel() {
        String text = YcsbTextReport.render(closed(false, new ReportForm(ModelReason.YCSB_FORM,
                MeasurementInterval.OP)));

        String first = text.lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("# openmark: YCSB's closed model, closed(threads=1): the command names its"
                + " binding as YCSB does"), first);
        assertTrue(text.contains("give --rate OPS") && text.contains("bin/openmark rate"), text);
        assertTrue(text.contains("# [READ] and the other operations' blocks are YCSB's latencies: from each"
                + " operation's actual start"), text);
        YcsbOutputParser.parse(text);
    }

    @ParameterizedTest
    @EnumSource(MeasurementInterval.class)
    void pacedClosedRun_measurementInterval_printsTheBlocksYcsbPrints(MeasurementInterval interval) {
        String text = YcsbTextReport.render(closed(true, new ReportForm(ModelReason.CLOSED_FLAGS, interval)));
        Map<String, Map<String, Double>> parsed = YcsbOutputParser.parse(text);

        assertEquals(interval.printsIntended(), parsed.containsKey("Intended-READ"), text);
        assertEquals(interval.printsActual(), parsed.get("READ").containsKey("AverageLatency(us)"), text);
        assertEquals(interval.printsActual(), parsed.containsKey("READ-FAILED"), text);
        // The returns are counted under the operation's name whatever the latencies, as in YCSB.
        assertEquals(5, parsed.get("READ").get("Return=OK"));
        assertEquals(interval.printsIntended(), text.contains("[Intended-READ] is from each operation's intended"
                + " start on the -target schedule"), text);
    }

    @Test
    void unpacedClosedRun_opByDefault_noIntendedBlock() {
        String text = YcsbTextReport.render(closed(false, new ReportForm(ModelReason.YCSB_FORM,
                MeasurementInterval.BOTH)));

        assertFalse(text.contains("[Intended-READ], "), text);
    }

    @Test
    void lineOfWords_isATextLine_lineOfANumber_aMeasurement() {
        assertEquals("[TXN], Units, 12", new ReportLine("TXN", "Units", "12").text());
        assertEquals("# [RUN], Valid, true", new ReportLine("RUN", "Valid", "true").text());
        assertEquals("# [OUTAGE], ERROR from 1.0 s to 2.5 s, 4", new ReportLine("OUTAGE",
                "ERROR from 1.0 s to 2.5 s, 4", "").text());
        assertEquals("# [A, B], C, 1", new ReportLine("A, B", "C", "1").text());
        // YCSB+T's own forms stay as YCSB+T prints them.
        assertEquals("[TOTAL CASH], 1000", ReportLine.parse("[TOTAL CASH], 1000").text());
        assertEquals("Database validation succeeded", ReportLine.parse("Database validation succeeded").text());
    }
}
