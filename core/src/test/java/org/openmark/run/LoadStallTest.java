package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.config.Settings;
import org.openmark.load.ClosedModel;
import org.openmark.testing.OkSession;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * The load phase has no duration: a store that stops answering in the middle of it must not hold
 * it forever. After {@code loadstalltimeout} without an answer it gives up, counts the operations
 * still in the store as unfinished, and says why. Real time, a second or two.
 */
class LoadStallTest {

    /** A store that answers the first {@code answered} inserts and then hangs until released. */
    private static Store hangingAfter(int answered, CountDownLatch release) {
        AtomicInteger calls = new AtomicInteger();
        return new Store() {
            @Override
            public Session newSession() {
                return new OkSession() {
                    @Override
                    public Status insert(String table, String key, Map<String, byte[]> values) {
                        if (calls.incrementAndGet() > answered) {
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return Status.OK;
                    }
                };
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void loadPhase_storeStopsAnswering_givesUpAfterTheStallTimeoutWithTheReason() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RunConfig cfg = RunConfigParser.parse(Phase.LOAD, Settings.of(Map.of("seed", "1", "loadstalltimeout", "1s",
                "grace", "500ms", "threadcount", "2")), null, true);
        long begin = System.nanoTime();
        try {
            RunResult r = new PhaseRunner(Clock.system(), Tasks.real(), new StopSignal(), null).run(cfg,
                    new ClosedModel(2, 0, Duration.ZERO, true), new SimpleWorkload(1000, 0),
                    hangingAfter(100, release), 1000, Duration.ZERO, List.of());
            double seconds = (System.nanoTime() - begin) / 1e9;
            assertTrue(seconds < 10, "the load ended " + seconds + " s after it began");
            assertFalse(r.valid());
            assertEquals(2, r.accounting().unfinished(), r.accounting()::toString);
            assertTrue(r.accounting().addsUp(), r.accounting()::toString);
            assertTrue(String.join(" ", r.warnings()).contains("no operation succeeded for 1s (loadstalltimeout)"),
                    r.warnings()::toString);
        } finally {
            release.countDown();
        }
    }

    @Test
    void loadStallTimeout_zero_isBadInputNamingIt() {
        org.openmark.config.ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.openmark.config.ConfigException.class, () -> RunConfigParser.parse(Phase.LOAD,
                        Settings.of(Map.of("loadstalltimeout", "0s")), null, true));
        assertTrue(e.getMessage().startsWith("loadstalltimeout=0s"), e.getMessage());
    }
}
