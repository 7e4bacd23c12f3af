package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.testing.OkSession;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * The measured window holds only the store's work: the open model's warm-up (its sessions' first
 * round trips, here 400 ms each on a slow network) happens before it opens, so the run's span,
 * throughput and intervals are the schedule's. Real time (the warm-up runs only there); the 400 ms
 * are far above the machine's noise.
 */
class MeasuredWindowTest {

    @Test
    void openModel_slowFirstRoundTrips_outsideTheSpanAndTheThroughput() throws Exception {
        Store store = new Store() {
            @Override
            public Session newSession() {
                return new OkSession() {
                    @Override
                    public Status ping(String table) {
                        LockSupport.parkNanos(Duration.ofMillis(400).toNanos()); // a slow connection's set-up
                        return Status.OK;
                    }
                };
            }

            @Override
            public boolean isEmbedded() {
                return false;
            }

            @Override
            public void close() {
            }
        };
        RunConfig cfg = TestConfigs.run("model", "open", "rate", "500", "arrival", "constant", "duration", "2s");
        RunResult r = new PhaseRunner(Clock.system(), Tasks.real(), new StopSignal(), null).run(cfg,
                Runner.modelOf(cfg), new SimpleWorkload(100, 0), store, 0, cfg.duration(), List.of());
        // 2 s of schedule and its drain, not 2 s plus the warm-up's 400 ms
        assertTrue(r.runtimeMs() >= 1900 && r.runtimeMs() < 2300, "runtime " + r.runtimeMs() + " ms");
        assertTrue(r.throughput() > 0.9 * 500, "throughput " + r.throughput());
        assertEquals(List.of(), r.outages(), r.outages()::toString);
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
    }
}
