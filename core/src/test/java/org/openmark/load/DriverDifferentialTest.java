package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * Every load model and arrival process, in virtual time, against a store with pseudo-random
 * service times: the driver's service-time histogram must equal what the store really imposed,
 * every issued operation must be accounted for, and (open model, exact virtual time) the
 * response time must equal the service time because nothing was sent late.
 */
class DriverDifferentialTest {
    private static final int OPS = 2000;

    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("open constant", new String[] {"model", "open", "arrival", "constant", "rate", "2000"}),
                Arguments.of("open poisson", new String[] {"model", "open", "arrival", "poisson", "rate", "2000"}),
                Arguments.of("open pareto", new String[] {"model", "open", "arrival", "pareto:2.5", "rate", "2000"}),
                Arguments.of("open hyperexp", new String[] {"model", "open", "arrival", "hyperexp:3", "rate", "2000"}),
                Arguments.of("open ramp", new String[] {"model", "open", "rate.schedule", "ramp:500..4000 over 1s"}),
                Arguments.of("closed 4 threads", new String[] {"model", "closed", "threadcount", "4"}),
                Arguments.of("closed paced", new String[] {"model", "closed", "threadcount", "3", "target", "1500"}),
                Arguments.of("closed think", new String[] {"model", "closed", "threadcount", "2", "thinktime", "1ms"}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void run_pseudoRandomServiceTimes_measurementEqualsTruthAndAccountingAddsUp(String label, String[] pairs)
            throws Exception {
        String[] all = new String[pairs.length + 2];
        System.arraycopy(pairs, 0, all, 0, pairs.length);
        all[pairs.length] = "operationcount";
        all[pairs.length + 1] = String.valueOf(OPS);
        RunConfig cfg = TestConfigs.run(all);
        VirtualClock clock = new VirtualClock();
        // Service time 50 µs .. 3 ms, a deterministic function of the start time.
        LatencyStore store = new LatencyStore(clock, start -> start + 50_000 + Math.floorMod(start * 2654435761L, 2_950_000));
        RunResult r = new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0.3), store, OPS, Duration.ZERO, List.of());

        Histogram service = new Histogram(3);
        Histogram response = new Histogram(3);
        for (OpResult op : r.operations()) {
            service.add(op.okService());
            response.add(op.okResponse());
        }
        Histogram truth = store.truth();
        assertEquals(truth.getTotalCount(), service.getTotalCount());
        assertEquals(truth.getMean(), service.getMean(), 1e-6);
        assertEquals(truth.getValueAtPercentile(99), service.getValueAtPercentile(99));
        assertEquals(OPS, r.accounting().issued());
        assertEquals(OPS, r.accounting().completed());
        assertTrue(r.accounting().addsUp());
        if (cfg.model() instanceof org.openmark.run.Model.Open) {
            assertEquals(service.getMean(), response.getMean(), 1e-6, "no send lag in virtual time");
            assertEquals(0, r.schedule().sendLag().getMaxValue());
        } else if (!cfg.pacedClosedRun()) {
            assertEquals(service.getMean(), response.getMean(), 1e-6, "unpaced: intended = actual start");
        }
        assertEquals(2, r.operations().size(), "READ and UPDATE");
    }
}
