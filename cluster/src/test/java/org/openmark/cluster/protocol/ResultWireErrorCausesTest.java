package org.openmark.cluster.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.ErrorCauses;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;

/** Why the store failed reaches the coordinator and is merged by cause, as the statuses are. */
class ResultWireErrorCausesTest {
    private static final ObjectMapper CBOR = new CBORMapper().findAndRegisterModules();

    private static RunResult part(List<ErrorCauses.Cause> causes) {
        return new RunResult(OpenmarkVersion.current(), 1, false, Phase.RUN, null, false, true, "memory", Map.of(),
                Map.of(), 1_000, 10_000, 0, List.of(), new Accounting(0, 0, Map.<Status, Long>of(), 0, 0), null,
                Measurements.newHistogram(), List.of(), List.of(), true, false, null, List.of(),
                ErrorCauses.section(causes));
    }

    @Test
    void wire_carriesTheCauses_andTheMergeAddsThemUpByCause() throws Exception {
        List<ErrorCauses.Cause> w1 = List.of(new ErrorCauses.Cause("INSERT", Status.ERROR,
                "ERROR: duplicate key value violates unique constraint \"t_pkey\" Detail: Key (k)=(user1) already"
                        + " exists. (SQLState 23505)", 40));
        List<ErrorCauses.Cause> w2 = List.of(new ErrorCauses.Cause("INSERT", Status.ERROR,
                "ERROR: duplicate key value violates unique constraint \"t_pkey\" Detail: Key (k)=(user7) already"
                        + " exists. (SQLState 23505)", 60), new ErrorCauses.Cause("READ", Status.TIMEOUT,
                "the store gave no reason", 2));
        RunResult back1 = CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(part(w1))), ResultWire.class)
                .toRunResult(0);
        RunResult back2 = CBOR.readValue(CBOR.writeValueAsBytes(ResultWire.of(part(w2))), ResultWire.class)
                .toRunResult(0);
        assertEquals(w1, ErrorCauses.in(back1.sections()));
        assertEquals(w2, ErrorCauses.in(back2.sections()));

        RunConfig cfg = org.openmark.run.RunConfigParser.parse(Phase.RUN, org.openmark.config.Settings.of(Map.of(
                "store", "memory", "operationcount", "10")), null, true);
        RunResult merged = ResultMerge.merge(cfg, null, false, true, List.of(back1, back2), List.of(), List.of(),
                List.of(), true, false);
        assertEquals(List.of(new ErrorCauses.Cause("INSERT", Status.ERROR, w1.get(0).why(), 100),
                new ErrorCauses.Cause("READ", Status.TIMEOUT, "the store gave no reason", 2)),
                ErrorCauses.in(merged.sections()));
    }
}
