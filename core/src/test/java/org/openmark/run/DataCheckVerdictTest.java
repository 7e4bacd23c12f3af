package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.report.YcsbTextReport;
import org.openmark.testing.RecordStore;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.Workloads;

/**
 * With {@code dataintegrity=true} the check of what a read returned is YCSB's VERIFY: timed and
 * counted apart from the read, whose status is the store's. Virtual time, every call 1 ms, the
 * loaded records read once each in order (requestdistribution=sequential), so what is checked and
 * what fails is known exactly, under each load model and path: the closed model's call chain
 * (unpaced) and its one-at-a-time loop (with a target), the open model's operations, and
 * transactions.
 */
class DataCheckVerdictTest {
    private static final long MS = 1_000_000L;
    private static final int RECORDS = 300;
    private final Timing timing = Timing.virtual();

    /** The ways a run reaches the store: the closed model chained and paced, the open model. */
    private static Map<String, String> model(String model) {
        return switch (model) {
            case "closed" -> Map.of("model", "closed");
            case "closed-paced" -> Map.of("model", "closed", "target", "500");
            case "open" -> Map.of("model", "open", "rate", "500", "arrival", "constant");
            default -> throw new IllegalArgumentException(model);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"closed", "closed-paced", "open"})
    void run_healthyStore_everyReadCheckedUnderVerifyAndTheReadsTimeIsTheStoresCall(String model) throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);

        RunResult run = run(store, model(model));

        assertTrue(run.valid(), run.warnings()::toString);
        OpResult read = op(run, "READ");
        OpResult verify = op(run, "VERIFY");
        assertEquals(Map.of(Status.OK, (long) RECORDS), read.statuses());
        assertEquals(Map.of(Status.OK, (long) RECORDS), verify.statuses(), "one check per read");
        // the check takes no virtual time: READ's time is the store's 1 ms call exactly
        assertEquals(1000, read.okService().getMinValue());
        assertEquals(1000, read.okService().getMaxValue());
        assertEquals(0, verify.okService().getMaxValue());
        assertEquals(Map.of(Status.OK, (long) RECORDS), run.accounting().statuses(), "VERIFY is not an operation");
        List<String> text = List.of(YcsbTextReport.render(run).split("\n"));
        assertTrue(text.contains("[VERIFY], Operations, " + RECORDS), text::toString);
        assertTrue(text.contains("[VERIFY], Return=OK, " + RECORDS), text::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"closed", "closed-paced", "open"})
    void run_oneRecordCorrupted_readOkItsCheckUnexpectedStateAndTheRunInvalid(String model) throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);
        store.corrupt("user42", "field3");

        RunResult run = run(store, model(model));

        assertFalse(run.valid());
        assertEquals(Map.of(Status.OK, (long) RECORDS), op(run, "READ").statuses(), "the store answered every read");
        assertEquals(Map.of(Status.OK, RECORDS - 1L, Status.UNEXPECTED_STATE, 1L), op(run, "VERIFY").statuses());
        assertTrue(run.warnings().contains("the store returned data other than was written for 1 of the 300 records"
                + " read and checked (dataintegrity; [VERIFY] UNEXPECTED_STATE 1: a field differs, ERROR 0: no field),"
                + " for example record user42: the run is not valid"), run.warnings()::toString);
        List<String> text = List.of(YcsbTextReport.render(run).split("\n"));
        assertTrue(text.contains("[READ], Return=OK, " + RECORDS), text::toString);
        assertTrue(text.contains("[VERIFY], Operations, " + RECORDS), text::toString);
        assertTrue(text.contains("[VERIFY], Return=UNEXPECTED_STATE, 1"), text::toString);
        assertTrue(text.contains("[VERIFY], Return=OK, " + (RECORDS - 1)), text::toString);
        assertTrue(text.stream().noneMatch(l -> l.startsWith("[VERIFY-FAILED]") || l.startsWith("[SERVICE-VERIFY]")
                || l.startsWith("[Intended-VERIFY]")), "YCSB prints VERIFY in one block: " + text);
    }

    @Test
    void run_recordWithNoField_checkErrorAndTheRunInvalidWhateverTheErrorBudget() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);
        store.empty("user7");

        RunResult run = run(store, Map.of("model", "closed", "maxerrorrate", "0.5"));

        assertFalse(run.valid());
        assertEquals(Map.of(Status.OK, RECORDS - 1L, Status.ERROR, 1L), op(run, "VERIFY").statuses());
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("for 1 of the 300 records read and checked")
                && w.contains("ERROR 1: no field") && w.contains("record user7")), run.warnings()::toString);
    }

    @Test
    void run_readModifyWrite_checkedAfterTheOperationOutsideItsTime() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);
        store.corrupt("user9", "field0");

        RunResult run = run(store, Map.of("model", "closed", "readproportion", "0", "readmodifywriteproportion", "1"));

        assertFalse(run.valid());
        OpResult rmw = op(run, "READ-MODIFY-WRITE");
        assertEquals(Map.of(Status.OK, (long) RECORDS), rmw.statuses());
        assertEquals(2000, rmw.okService().getMinValue(), "a read and an update of 1 ms each, nothing else");
        assertEquals(2000, rmw.okService().getMaxValue(), "a read and an update of 1 ms each, nothing else");
        assertEquals(Map.of(Status.OK, RECORDS - 1L, Status.UNEXPECTED_STATE, 1L), op(run, "VERIFY").statuses());
    }

    @Test
    void run_transactions_theUnitCommitsAndItsReadIsCheckedAfterIt() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);
        store.corrupt("user100", "field9");

        RunResult run = run(store, Map.of("model", "closed", "txn.enabled", "true"));

        assertFalse(run.valid());
        assertEquals(Map.of(Status.OK, (long) RECORDS), op(run, "TX-READ").statuses(),
                "the check is no part of the unit: it does not abort it");
        assertEquals(Map.of(Status.OK, RECORDS - 1L, Status.UNEXPECTED_STATE, 1L), op(run, "VERIFY").statuses());
        assertTrue(run.warnings().stream().anyMatch(w -> w.contains("record user100")), run.warnings()::toString);
    }

    @Test
    void run_dataIntegrityOff_noVerify() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), MS, false);
        load(store);

        RunResult run = run(store, Map.of("model", "closed", "dataintegrity", "false"));

        assertTrue(run.valid(), run.warnings()::toString);
        assertTrue(run.operations().stream().noneMatch(OpResult::dataCheck), run.operations()::toString);
    }

    private static OpResult op(RunResult run, String name) {
        return run.operations().stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + run.operations().stream()
                        .map(OpResult::name).toList()));
    }

    private void load(RecordStore store) throws Exception {
        RunResult load = runner(store).execute(RunConfigParser.parse(Phase.LOAD, Settings.of(properties(Map.of())),
                null, true));
        assertEquals(Map.of(Status.OK, (long) RECORDS), load.accounting().statuses());
    }

    /** Workload C (reads only), each loaded record once, in order. */
    private RunResult run(RecordStore store, Map<String, String> extra) throws Exception {
        Map<String, String> p = properties(Map.of("readproportion", "1", "updateproportion", "0",
                "requestdistribution", "sequential", "operationcount", Integer.toString(RECORDS)));
        p.putAll(extra);
        return runner(store).execute(RunConfigParser.parse(Phase.RUN, Settings.of(p), null, true));
    }

    private static Map<String, String> properties(Map<String, String> extra) {
        Map<String, String> p = new HashMap<>(Map.of("store", "records", "recordcount", Integer.toString(RECORDS),
                "insertorder", "ordered", "seed", "5", "time", "virtual",
                "status.interval", "3600", "dataintegrity", "true", "fieldlength", "20"));
        p.putAll(extra);
        return p;
    }

    private Runner runner(RecordStore store) {
        return new Runner(StoreRegistry.of(store.factory("records")), Workloads::create, timing.clock(),
                timing.tasks(), new StopSignal(), new PrintStream(OutputStream.nullOutputStream()));
    }
}
