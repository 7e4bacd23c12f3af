package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.SlowToMake;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * What the closed model times: the store's call, not the client's making of the operation (its
 * key, its values). In virtual time a workload takes 1 ms to make each operation and the store
 * 2 ms to answer; every operation must be recorded at 2 ms, as YCSB times its calls, whether the
 * client makes its operations one at a time or ahead in call chains.
 */
class ClosedModelMeasurementTest {
    private static final long MS = 1_000_000L;
    private static final int OPS = 500;

    private static OpResult read(String... settings) throws InterruptedException {
        return read(false, settings);
    }

    private static OpResult read(boolean ahead, String... settings) throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        LatencyStore store = new LatencyStore(clock, start -> start + 2 * MS);
        RunConfig cfg = TestConfigs.run(settings);
        RunResult r = new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SlowToMake(new SimpleWorkload(100, 0), clock, MS, ahead), store, OPS,
                        Duration.ZERO, List.of());
        assertEquals(OPS, r.accounting().issued(), r.accounting()::toString);
        return r.operations().get(0);
    }

    private static void assertEveryValue(long micros, Histogram h, String what) {
        assertEquals(OPS, h.getTotalCount(), what + " count");
        assertEquals(micros, h.getMinValue(), what + " min");
        assertEquals(micros, h.getMaxValue(), what + " max");
    }

    @Test
    void unpaced_makingTheOperationIsInNeitherServiceNorResponseTime() throws Exception {
        OpResult read = read("model", "closed", "threadcount", "1", "operationcount", String.valueOf(OPS));
        assertEveryValue(2000, read.okService(), "service time");
        assertEveryValue(2000, read.okResponse(), "response time");
    }

    @Test
    void unpacedInCallChains_makingTheOperationsIsInNeitherServiceNorResponseTime() throws Exception {
        // made ahead 64 at a time, one clock read between two calls: each call still measures 2 ms
        OpResult read = read(true, "model", "closed", "threadcount", "1", "operationcount", String.valueOf(OPS));
        assertEveryValue(2000, read.okService(), "service time");
        assertEveryValue(2000, read.okResponse(), "response time");
    }

    @Test
    void pacedBehindSchedule_serviceTimeIsTheCallAlone_responseTimeRunsFromTheDueTime() throws Exception {
        // due every 1 ms, each operation takes 3 ms (1 to make, 2 in the store): always behind
        OpResult read = read(true, "model", "closed", "threadcount", "1", "target", "1000", "operationcount",
                String.valueOf(OPS));
        assertEveryValue(2000, read.okService(), "service time");
        // the k-th is due at k ms and ends at 3(k+1) ms
        assertEquals(2000 + 1000, read.okResponse().getMinValue(), "first response time");
        long last = (3L * OPS - (OPS - 1)) * 1000;
        assertTrue(read.okResponse().valuesAreEquivalent(last, read.okResponse().getMaxValue()),
                () -> "last response time " + read.okResponse().getMaxValue() + " µs, expected " + last);
    }
}
