package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.Measurements;
import org.openmark.report.YcsbTextReport;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.workload.DataChecks;

/**
 * The checks of what the reads returned ({@code dataintegrity}, VERIFY) travel from each worker to
 * the coordinator and are merged as YCSB would count them in one process: every check once, per
 * outcome, with a worker's failed check making the merged run invalid through its verdict.
 */
class ResultWireDataChecksTest {
    private static final ObjectMapper CBOR = new CBORMapper().findAndRegisterModules();

    /** A run of {@code reads} reads, all OK, whose checks ended {@code ok} OK and {@code differed} UNEXPECTED_STATE. */
    private static RunResult part(long reads, long ok, long differed, boolean valid) {
        OpResult read = op("READ", Map.of(Status.OK, reads), 900);
        Map<Status, Long> checks = new EnumMap<>(Status.class);
        checks.put(Status.OK, ok);
        if (differed > 0) {
            checks.put(Status.UNEXPECTED_STATE, differed);
        }
        return new RunResult(OpenmarkVersion.current(), 1, false, Phase.RUN, null, false, true, "memory", Map.of(),
                Map.of(), 1_000, 10_000, 0, List.of(read, op(DataChecks.NAME, checks, 40)),
                new Accounting(reads, 0, Map.of(Status.OK, reads), 0, 0), null, Measurements.newHistogram(),
                valid ? List.of() : List.of("the store returned data other than was written"), List.of(), valid, false,
                null, List.of(50.0, 99.0), List.of());
    }

    private static OpResult op(String name, Map<Status, Long> counts, long micros) {
        Map<Status, Histogram> byStatus = new EnumMap<>(Status.class);
        Histogram ok = Measurements.newHistogram();
        Histogram failed = Measurements.newHistogram();
        counts.forEach((s, n) -> {
            Histogram h = Measurements.newHistogram();
            h.recordValueWithCount(micros, n);
            byStatus.put(s, h);
            (s.isOk() ? ok : failed).add(h);
        });
        return new OpResult(name, new EnumMap<>(counts), ok, ok, failed, failed, byStatus, byStatus);
    }

    @Test
    void wire_carriesVerify_overCbor() throws Exception {
        RunResult r = part(100, 99, 1, false);
        RunResult back = CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(r)), ResultWire.class).toRunResult(0);
        OpResult verify = back.operations().stream().filter(OpResult::dataCheck).findFirst().orElseThrow();
        assertEquals(Map.of(Status.OK, 99L, Status.UNEXPECTED_STATE, 1L), verify.statuses());
        assertEquals(40, verify.failedService().getMaxValue());
        assertFalse(back.valid());
    }

    @Test
    void merge_addsTheChecksUp_inYcsbsVerifyBlock() {
        RunConfig cfg = org.openmark.run.RunConfigParser.parse(Phase.RUN, org.openmark.config.Settings.of(Map.of(
                "store", "memory", "operationcount", "10")), null, true);
        RunResult merged = ResultMerge.merge(cfg, org.openmark.load.LoadSpec.displayOnly("open"), false, true, List.of(part(100, 100, 0, true),
                part(50, 48, 2, false)), List.of(), List.of("w2: the store returned data other than was written"),
                List.of(), false, false);
        OpResult verify = merged.operations().stream().filter(OpResult::dataCheck).findFirst().orElseThrow();
        assertEquals(Map.of(Status.OK, 148L, Status.UNEXPECTED_STATE, 2L), verify.statuses());
        assertEquals(Map.of(Status.OK, 150L), merged.accounting().statuses(), "the checks are no operations");
        List<String> text = List.of(YcsbTextReport.render(merged).split("\n"));
        assertTrue(text.contains("[VERIFY], Operations, 150"), text::toString);
        assertTrue(text.contains("[VERIFY], Return=OK, 148"), text::toString);
        assertTrue(text.contains("[VERIFY], Return=UNEXPECTED_STATE, 2"), text::toString);
        assertTrue(text.contains("[READ], Return=OK, 150"), text::toString);
        assertTrue(text.contains("[RUN], Valid, false"), text::toString);
    }
}
