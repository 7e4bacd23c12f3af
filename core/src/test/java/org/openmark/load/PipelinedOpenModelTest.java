package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmark.api.Clock;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.PipelinedLatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * The open model on a store whose sessions pipeline ({@link org.openmark.api.PipelinedSession}),
 * in real time: operations of one call are started and left running, so a store that holds many
 * of them costs no threads, every started call is recorded once from its intended start, and
 * {@code --max-in-flight} bounds them with those on workers.
 */
@Timeout(120)
class PipelinedOpenModelTest {
    private static final long MS = 1_000_000L;

    private static RunResult run(PipelinedLatencyStore store, int ops, String... settings) throws Exception {
        String[] all = new String[settings.length + 6];
        System.arraycopy(new String[] {"model", "open", "operationcount", String.valueOf(ops), "grace", "1s"}, 0,
                all, 0, 6);
        System.arraycopy(settings, 0, all, 6, settings.length);
        RunConfig cfg = TestConfigs.run(all);
        return new PhaseRunner(Clock.system(), Tasks.real(), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0.5), store, ops, Duration.ZERO, List.of());
    }

    @Test
    void storeStalls100ms_hundredsOutstandingOnAFewThreads_theStallIsChargedAndEachCallRecordedOnce()
            throws Exception {
        int ops = 600;
        AtomicLong first = new AtomicLong(Long.MIN_VALUE);
        PipelinedLatencyStore store = new PipelinedLatencyStore(Clock.system(), sent -> {
            first.compareAndSet(Long.MIN_VALUE, sent);
            long since = sent - first.get();
            return since >= 200 * MS && since < 300 * MS ? first.get() + 300 * MS : sent + MS / 10;
        });
        RunResult r = run(store, ops, "rate", "1000", "arrival", "constant");
        store.close();

        assertEquals(ops, r.accounting().issued());
        assertTrue(r.accounting().addsUp(), () -> "accounting: " + r.accounting());
        assertEquals(0, r.accounting().unfinished());
        assertEquals(ops, store.started(), "every operation was started, none run blocking");
        long recorded = r.operations().stream().mapToLong(o -> o.okResponse().getTotalCount()).sum();
        assertEquals(ops, recorded, "each started call recorded once");
        // The stall held about 100 calls at once, and no worker waited for any of them: the
        // sessions (one per worker: those that took turns at keeping time, and the few a hiccup
        // of this JVM made the pool add) stay far fewer, where a blocking store needs one per
        // call it holds (OpenModelRealTimeTest).
        assertTrue(store.maxOutstanding() >= 80, () -> "outstanding at once: " + store.maxOutstanding());
        assertTrue(r.schedule().sessions() * 4 <= store.maxOutstanding(), () -> "sessions " + r.schedule().sessions()
                + " for " + store.maxOutstanding() + " outstanding at once");
        assertTrue(store.starterThreads() <= r.schedule().sessions(), () -> "threads " + store.starterThreads());
        // Calls that arrived at the start of the stall waited for all of it, from their intended start.
        long max = r.operations().stream().mapToLong(o -> o.okResponse().getMaxValue()).max().orElse(0);
        assertTrue(max >= 95_000, () -> "max response " + max + " us");
        assertEquals(ops, store.truth().getTotalCount());
    }

    @Test
    void maxInFlight_boundsStartedCalls_andTheWaitsAreCounted() throws Exception {
        int ops = 400;
        PipelinedLatencyStore store = new PipelinedLatencyStore(Clock.system(), sent -> sent + 10 * MS);
        // 2000/s for 10 ms each is 20 outstanding on average; the bound is 5.
        RunResult r = run(store, ops, "rate", "2000", "arrival", "constant", "maxinflight", "5");
        store.close();

        assertTrue(store.maxOutstanding() <= 5, () -> "outstanding at once: " + store.maxOutstanding());
        assertTrue(r.schedule().waitedForSlot() > 0, () -> "waited " + r.schedule().waitedForSlot());
        assertEquals(ops, r.accounting().issued());
        assertTrue(r.accounting().addsUp(), () -> "accounting: " + r.accounting());
        long recorded = r.operations().stream().mapToLong(o -> o.okResponse().getTotalCount()).sum();
        assertEquals(ops, recorded);
    }

    @Test
    void callsNeverAnswered_areUnfinishedAfterTheGracePeriod_notRecordedTwice() throws Exception {
        int ops = 300;
        AtomicLong sentCount = new AtomicLong();
        // Every third call sent is never answered.
        PipelinedLatencyStore store = new PipelinedLatencyStore(Clock.system(),
                sent -> sentCount.incrementAndGet() % 3 == 0 ? Long.MAX_VALUE : sent + MS / 10);
        RunResult r = run(store, ops, "rate", "2000", "arrival", "constant");
        store.close();

        long answered = store.completed();
        assertEquals(ops, store.started());
        assertEquals(ops / 3, ops - answered, "calls never answered");
        assertEquals(ops - answered, r.accounting().unfinished());
        long recorded = r.operations().stream().mapToLong(o -> o.okResponse().getTotalCount()).sum();
        assertEquals(answered, recorded);
        assertTrue(r.accounting().addsUp(), () -> "accounting: " + r.accounting());
    }
}
