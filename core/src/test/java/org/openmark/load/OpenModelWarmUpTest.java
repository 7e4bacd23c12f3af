package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreUnreachableException;
import org.openmark.measure.Measurements;
import org.openmark.testing.OkSession;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * The open model's warm-up (hand-offs through its workers, one ping per new session, a
 * collection) happens before its measured window opens and within its own bound: a store whose
 * new sessions hang there is one that did not answer, found in bounded time, and a stop during it
 * ends the phase at once with nothing counted. Real time (the warm-up runs only there).
 */
class OpenModelWarmUpTest {

    /** A store behind a network (its sessions ping) whose pings do what {@code ping} says; its calls answer at once. */
    private static Store pinging(Runnable ping, AtomicInteger pings) {
        return new Store() {
            @Override
            public Session newSession() {
                return new OkSession() {
                    @Override
                    public Status ping(String table) {
                        pings.incrementAndGet();
                        ping.run();
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
    }

    private static PhaseContext context(Store store, StopSignal stop, Measurements m, AtomicLong opened) {
        Clock clock = Clock.system();
        return new PhaseContext(new SimpleWorkload(100, 0), store, m, clock, 1,
                new RunLimits(0, Duration.ofSeconds(2), Duration.ofSeconds(1)), stop, Tasks.real(), new Gauges(),
                () -> {
                    opened.compareAndSet(0, clock.nanoTime());
                    return opened.get();
                });
    }

    private static OpenModel model() {
        return new OpenModel(new ArrivalProcess.Constant(), new RateSchedule.Constant(200), 10_000,
                OverloadPolicy.WAIT);
    }

    /**
     * The bound is the store's: it runs only while a ping waits for an answer. Hand-offs alone make
     * no call, and a machine too busy to pass them within the bound (the full suite beside a
     * Cassandra cluster: "0 of the open model's first sessions were still waiting … after 10s")
     * is not a store that stopped answering.
     */
    @Test
    void warmUpBound_countsOnlyWhilePingsWait() {
        org.openmark.testing.FakeClock clock = new org.openmark.testing.FakeClock();
        AtomicInteger pinging = new AtomicInteger();
        OpenModel.WarmUpBound bound = new OpenModel.WarmUpBound(clock, Duration.ofSeconds(10), pinging);
        clock.advance(Duration.ofSeconds(50));
        assertFalse(bound.exceeded(), "50 s of hand-offs and no ping waiting: not the store's");
        pinging.set(2);
        assertFalse(bound.exceeded());
        clock.advance(Duration.ofSeconds(9));
        assertFalse(bound.exceeded(), "pings 9 s waiting: within the bound");
        pinging.set(0);
        assertFalse(bound.exceeded(), "answered: the wait is over");
        pinging.set(1);
        assertFalse(bound.exceeded());
        clock.advance(Duration.ofSeconds(9));
        assertFalse(bound.exceeded(), "a new wait counts from its start");
        clock.advance(Duration.ofSeconds(2));
        assertTrue(bound.exceeded(), "11 s without an answer: past the bound");
        assertEquals(1, bound.waiting());
        pinging.set(0);
        clock.advance(Duration.ofSeconds(60));
        IllegalStateException stuck = assertThrows(IllegalStateException.class, bound::exceeded,
                "81 s of hand-offs in all: the harness is stuck, not waiting for ever");
        assertTrue(stuck.getMessage().contains("in 1m with no request to the store waiting"), stuck.getMessage());
    }

    @Test
    @Timeout(60)
    void warmUp_newSessionsHang_storeDidNotAnswerWithinTheBound() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger pings = new AtomicInteger();
        AtomicLong opened = new AtomicLong();
        Store store = pinging(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, pings);
        long begin = System.nanoTime();
        try {
            StoreUnreachableException e = assertThrows(StoreUnreachableException.class, () -> model()
                    .withWarmUpLimit(Duration.ofMillis(500)).run(context(store, new StopSignal(), new Measurements(),
                            opened)));
            double seconds = (System.nanoTime() - begin) / 1e9;
            assertTrue(seconds < 5, "found after " + seconds + " s");
            assertTrue(e.getMessage().startsWith("the store stopped answering before anything was measured: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("after 500ms, the bound of the harness's warm-up"), e.getMessage());
            assertEquals(0, opened.get(), "the measured window never opened");
            assertTrue(pings.get() >= 1);
        } finally {
            release.countDown();
        }
    }

    /**
     * SIGTERM while the warm-up waits on a hanging ping: the phase ends at once, issues nothing, and
     * counts no warm-up hand-off as an unfinished operation (the pings still hang).
     */
    @Test
    @Timeout(60)
    void warmUp_stoppedWhileAPingHangs_endsAtOnceWithNothingCounted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        StopSignal stop = new StopSignal();
        AtomicInteger pings = new AtomicInteger();
        AtomicLong opened = new AtomicLong();
        Measurements m = new Measurements();
        Store store = pinging(() -> {
            stop.stop();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, pings);
        long begin = System.nanoTime();
        try {
            PhaseOutcome outcome = model().run(context(store, stop, m, opened));
            double seconds = (System.nanoTime() - begin) / 1e9;
            assertTrue(seconds < 5, "ended after " + seconds + " s");
            assertEquals(0, outcome.schedule().issued());
            assertEquals(0, outcome.unfinished());
            assertEquals(0, m.unfinished().getTotalCount());
            assertTrue(opened.get() != 0, "the window opened on a phase that then issued nothing");
        } finally {
            release.countDown();
        }
    }
}
