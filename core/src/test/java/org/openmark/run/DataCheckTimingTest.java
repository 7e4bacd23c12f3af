package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.testing.RecordStore;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.Workloads;

/**
 * In real time, READ's recorded time is the store's call only, with {@code dataintegrity=true} as
 * without: the check of what the read returned is timed apart, as VERIFY. The records are large (10
 * fields of 2,000 bytes), so a check costs tens of microseconds, while the in-memory store's read
 * (which times itself) costs one or two. Medians compared against half the check's own median, so a
 * loaded machine's preemptions (which hit both alike) do not decide the outcome; with the check
 * inside the read, READ's median is the store's plus the whole check.
 */
class DataCheckTimingTest {
    private static final int RECORDS = 200;
    private static final int READS = 2_000;
    private final Timing timing = Timing.real();

    /** The closed model's unpaced client (its call chain) and its paced one, the open model's worker. */
    @ParameterizedTest
    @ValueSource(strings = {"closed", "closed-paced", "open"})
    void read_withDataIntegrity_recordedTimeIsTheStoresCallNotTheCheck(String model) throws Exception {
        RecordStore store = new RecordStore(timing.clock(), 0, false);
        load(store);

        RunResult run = run(store, model(model), true);

        Histogram read = op(run, "READ").okService();
        Histogram verify = op(run, "VERIFY").okService();
        assertEquals(read.getTotalCount(), verify.getTotalCount(), "one check per read");
        assertCheckOutsideRead(read, store.ownReadMicros(), verify);
    }

    @Test
    void readMedian_withAndWithoutDataIntegrity_differByLessThanTheCheck() throws Exception {
        RecordStore store = new RecordStore(timing.clock(), 0, false);
        load(store);

        run(store, model("closed"), false); // warms the store's read and the harness up for both
        RunResult without = run(store, model("closed"), false);
        RunResult with = run(store, model("closed"), true);

        long checkP50 = op(with, "VERIFY").okService().getValueAtPercentile(50);
        long withP50 = op(with, "READ").okService().getValueAtPercentile(50);
        long withoutP50 = op(without, "READ").okService().getValueAtPercentile(50);
        assertTrue(checkP50 >= 10, "the check must cost enough to be seen: p50 " + checkP50 + " us");
        assertTrue(Math.abs(withP50 - withoutP50) < checkP50 / 2.0, "READ p50 " + withP50 + " us with the check, "
                + withoutP50 + " us without; the check's own p50 " + checkP50 + " us");
    }

    /**
     * A pipelining store: its reads started by the open model's workers, or by the closed model's one
     * driver thread, and recorded when they end.
     */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void pipelinedRead_withDataIntegrity_recordedTimeIsTheStoresCallNotTheCheck(String model) throws Exception {
        RecordStore store = new RecordStore(timing.clock(), 0, true);
        load(store);

        RunResult run = run(store, model(model), true);

        Histogram read = op(run, "READ").okService();
        Histogram verify = op(run, "VERIFY").okService();
        assertEquals(read.getTotalCount(), verify.getTotalCount(), "one check per read");
        assertCheckOutsideRead(read, store.ownReadMicros(), verify);
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void pipelinedRead_corruptedRecord_checkUnexpectedStateAndTheRunInvalid(String model) throws Exception {
        RecordStore store = new RecordStore(timing.clock(), 0, true);
        load(store);
        store.corrupt("user17", "field5");

        RunResult run = run(store, model(model), true);

        assertFalse(run.valid());
        OpResult read = op(run, "READ");
        assertEquals(Map.of(Status.OK, read.count()), read.statuses(), "the store answered every read");
        long corruptReads = (long) Math.ceil((READS - 17) / (double) RECORDS); // sequential, from user0
        assertEquals(corruptReads, op(run, "VERIFY").statuses().get(Status.UNEXPECTED_STATE));
        assertEquals(read.count(), op(run, "VERIFY").count());
        assertTrue(run.warnings().stream().anyMatch(w -> w.startsWith("the store returned data other than was written"
                + " for " + corruptReads + " of the ") && w.contains("for example record user17")),
                run.warnings()::toString);
    }

    private static void assertCheckOutsideRead(Histogram read, Histogram storeOwn, Histogram verify) {
        long checkP50 = verify.getValueAtPercentile(50);
        long readP50 = read.getValueAtPercentile(50);
        long ownP50 = storeOwn.getValueAtPercentile(50);
        assertTrue(checkP50 >= 10, "the check must cost enough to be seen: p50 " + checkP50 + " us");
        assertTrue(readP50 - ownP50 < checkP50 / 2.0, "READ p50 " + readP50 + " us, the store's own call p50 "
                + ownP50 + " us, the check's p50 " + checkP50 + " us");
    }

    private static Map<String, String> model(String model) {
        return switch (model) {
            case "closed" -> Map.of("model", "closed", "threadcount", "1");
            case "closed-paced" -> Map.of("model", "closed", "threadcount", "1", "target", "2000");
            case "open" -> Map.of("model", "open", "rate", "2000", "arrival", "constant", "maxsendlag", "1s");
            default -> throw new IllegalArgumentException(model);
        };
    }

    private static OpResult op(RunResult run, String name) {
        return run.operations().stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + run.operations().stream()
                        .map(OpResult::name).toList()));
    }

    private void load(RecordStore store) throws Exception {
        RunResult load = runner(store).execute(RunConfigParser.parse(Phase.LOAD,
                Settings.of(properties(Map.of(), true)), null, true));
        assertEquals(Map.of(Status.OK, (long) RECORDS), load.accounting().statuses());
    }

    /** Workload C (reads only), the records read in order, again and again. */
    private RunResult run(RecordStore store, Map<String, String> model, boolean dataIntegrity) throws Exception {
        Map<String, String> p = properties(Map.of("readproportion", "1", "updateproportion", "0",
                "requestdistribution", "sequential", "operationcount", Integer.toString(READS)), dataIntegrity);
        p.putAll(model);
        return runner(store).execute(RunConfigParser.parse(Phase.RUN, Settings.of(p), null, true));
    }

    private static Map<String, String> properties(Map<String, String> extra, boolean dataIntegrity) {
        Map<String, String> p = new HashMap<>(Map.of("store", "records", "recordcount", Integer.toString(RECORDS),
                "insertorder", "ordered", "seed", "5", "status.interval", "3600",
                "dataintegrity", Boolean.toString(dataIntegrity), "fieldlength", "2000"));
        p.putAll(extra);
        return p;
    }

    private Runner runner(RecordStore store) {
        return new Runner(StoreRegistry.of(store.factory("records")), Workloads::create, timing.clock(),
                timing.tasks(), new StopSignal(), new PrintStream(OutputStream.nullOutputStream()));
    }
}
