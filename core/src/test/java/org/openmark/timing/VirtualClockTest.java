package org.openmark.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The virtual clock's contract: time advances only when every registered thread waits, threads
 * take turns (never two at once), and threads due at the same instant run in the order they
 * began to wait, so the same program gives the same trace every time.
 */
class VirtualClockTest {

    private static void joinAll(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join(60_000);
            assertTrue(!t.isAlive(), t.getName() + " did not end");
        }
    }

    @Test
    void parkUntil_threadsDueAtTheSameInstant_runInTheOrderTheyBeganToWait() throws Exception {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        int n = 8;
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = tasks.startPlatforms("t", n, i -> () -> {
            try {
                clock.parkUntil(n - i); // thread n-1 wakes first, so it is the first to wait for 1000
                clock.parkUntil(1000);
                order.add(i);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        joinAll(threads);
        assertEquals(List.of(7, 6, 5, 4, 3, 2, 1, 0), order);
        assertEquals(1000, clock.nanoTime());
    }

    @Test
    void startPlatforms_fromAThreadOutsideTheClock_noThreadRunsTimeAheadOfTheOthers() throws Exception {
        for (int round = 0; round < 20; round++) {
            VirtualClock clock = new VirtualClock();
            List<Long> firstSeen = new CopyOnWriteArrayList<>();
            List<Thread> threads = new VirtualTasks(clock).startPlatforms("t", 32, i -> () -> {
                firstSeen.add(clock.nanoTime());
                try {
                    for (int k = 1; k <= 100; k++) {
                        clock.parkUntil(k * 1_000_000L);
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            joinAll(threads);
            assertEquals(Collections.nCopies(32, 0L), firstSeen, "round " + round);
        }
    }

    /** Random deadlines with many ties, many threads, traced: the trace must be the same every time. */
    private static List<String> randomProgram(long seed) throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        List<String> trace = new ArrayList<>(); // no lock: only one registered thread runs at a time
        AtomicInteger inside = new AtomicInteger();
        AtomicBoolean overlap = new AtomicBoolean();
        List<Thread> threads = tasks.startPlatforms("t", 48, i -> () -> {
            SplittableRandom random = new SplittableRandom(seed + i);
            try {
                for (int k = 0; k < 60; k++) {
                    if (inside.incrementAndGet() != 1) {
                        overlap.set(true);
                    }
                    trace.add(clock.nanoTime() + ":" + i);
                    if (k == 20 && i % 8 == 0) {
                        // A thread started by a registered thread joins the order too.
                        tasks.startOperation(() -> trace.add(clock.nanoTime() + ":op" + i));
                    }
                    inside.decrementAndGet();
                    clock.parkUntil(clock.nanoTime() + 1 + random.nextInt(4) * 1000);
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        joinAll(threads);
        while (trace.size() < 48 * 60 + 6) {
            Thread.onSpinWait(); // the operation threads end on their own
        }
        assertTrue(!overlap.get(), "two registered threads ran at once");
        return trace;
    }

    @Test
    void manyThreadsWithTies_sameProgramFiftyTimes_sameTraceEveryTime() throws Exception {
        List<String> first = randomProgram(42);
        assertEquals(48 * 60 + 6, first.size());
        for (int i = 0; i < 50; i++) {
            assertEquals(first, randomProgram(42), "run " + i);
        }
    }

    @Test
    void parkUntil_onlyABackgroundThreadWaits_timeDoesNotAdvanceUntilItIsInterrupted() throws Exception {
        VirtualClock clock = new VirtualClock();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread ticker = new VirtualTasks(clock).startBackground("ticker", () -> {
            try {
                clock.parkUntil(10_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        ticker.join(200);
        assertTrue(ticker.isAlive(), "a background wait alone must not advance time");
        assertEquals(0, clock.nanoTime());
        ticker.interrupt();
        ticker.join(60_000);
        assertTrue(interrupted.get());
        assertEquals(0, clock.nanoTime());
    }

    @Test
    void parkUntil_backgroundDueWithOthers_runsFirstAndHoldsTimeWhileItWorks() throws Exception {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicLong sawWhileWorking = new AtomicLong(-1);
        Thread ticker = tasks.startBackground("ticker", () -> {
            try {
                clock.parkUntil(500);
                order.add("ticker@" + clock.nanoTime());
                sawWhileWorking.set(clock.nanoTime());
                clock.parkUntil(1_000_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread worker = tasks.startPlatform("worker", () -> {
            try {
                clock.parkUntil(500);
                order.add("worker@" + clock.nanoTime());
                clock.parkUntil(700);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        worker.join(60_000);
        assertEquals(List.of("ticker@500", "worker@500"), order);
        assertEquals(500, sawWhileWorking.get());
        assertEquals(700, clock.nanoTime(), "the ticker's later wait did not run time ahead");
        ticker.interrupt();
        ticker.join(60_000);
    }

    @Test
    void parkUntil_onAThreadTheClockDidNotStart_isRefused() {
        VirtualClock clock = new VirtualClock();
        assertThrows(IllegalStateException.class, () -> clock.parkUntil(1));
    }
}
