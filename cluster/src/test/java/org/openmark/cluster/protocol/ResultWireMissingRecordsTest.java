package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.workload.MissingRecords;
import org.openmark.workload.ReportSection;

/**
 * The reads of loaded records that found nothing reach the coordinator and are merged: before, a
 * cluster run's result.json had no {@code missingRecords} section (each worker's verdict came
 * through, its figures did not).
 */
class ResultWireMissingRecordsTest {
    private static final ObjectMapper CBOR = new CBORMapper().findAndRegisterModules();

    private static RunResult part(long startEpochMs, MissingRecords.Found found) {
        return new RunResult(OpenmarkVersion.current(), 1, false, Phase.RUN, null, false, true, "memory", Map.of(),
                Map.of(), startEpochMs, 10_000, 0, List.of(), new Accounting(0, 0, Map.<Status, Long>of(), 0, 0), null,
                Measurements.newHistogram(), List.of(), List.of(), true, false, null, List.of(),
                found == null ? List.of() : List.of(MissingRecords.section(found, true)));
    }

    @Test
    void wire_carriesTheSection_overCbor() throws Exception {
        RunResult r = part(1_000, new MissingRecords.Found(500, 7, 2.5, 8.25, List.of("user3", "user9")));
        ResultWire back = CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(r)), ResultWire.class);
        ReportSection s = back.toRunResult(0).sections().get(0);
        assertEquals(MissingRecords.SECTION, s.name());
        assertEquals(r.sections().get(0).values(), s.values());
        RunResult none = part(1_000, new MissingRecords.Found(100, 0, Double.NaN, Double.NaN, List.of()));
        ReportSection nothingMissing = CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(none)), ResultWire.class)
                .toRunResult(0).sections().get(0);
        assertEquals(none.sections().get(0).values(), nothingMissing.values(), "no time when nothing was missing");
        assertEquals(List.of(), CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(part(1_000, null))),
                ResultWire.class).toRunResult(0).sections(), "none kept, none sent");
    }

    @Test
    void merge_addsTheReadsUpAndPutsTheTimesOnTheRunsAxis() {
        RunConfig cfg = org.openmark.run.RunConfigParser.parse(Phase.RUN, org.openmark.config.Settings.of(Map.of(
                "store", "memory", "operationcount", "10")), null, true);
        // worker 2 started 1.5 s after worker 1: its 1.0 s is the run's 2.5 s
        RunResult w1 = part(10_000, new MissingRecords.Found(400, 3, 4.0, 6.0, List.of("user1", "user2")));
        RunResult w2 = part(11_500, new MissingRecords.Found(600, 2, 1.0, 9.0, List.of("user2", "user5")));
        RunResult merged = ResultMerge.merge(cfg, null, false, true, List.of(w1, w2), List.of(), List.of(),
                List.of(), true, false);
        ReportSection s = merged.sections().stream().filter(x -> x.name().equals(MissingRecords.SECTION)).findFirst()
                .orElseThrow(() -> new AssertionError("no missingRecords section: " + merged.sections()));
        assertEquals(1000L, s.values().get("readsOfLoadedRecords"));
        assertEquals(5L, s.values().get("foundNothing"));
        assertEquals(2.5, (Double) s.values().get("firstAtSeconds"), 1e-9);
        assertEquals(10.5, (Double) s.values().get("lastAtSeconds"), 1e-9);
        assertEquals(List.of("user1", "user2", "user5"), s.values().get("keys"));
        assertTrue(s.textLines().contains("[MISSING-RECORDS], FoundNothing, 5"), s.textLines()::toString);
    }
}
