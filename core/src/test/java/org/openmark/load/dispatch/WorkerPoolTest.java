package org.openmark.load.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.testing.OkSession;
import org.openmark.workload.Operation;

/** Real threads: the pool's hand-off, its bound and its reuse of threads and sessions. */
class WorkerPoolTest {
    private static final long WAIT_SECONDS = 30;

    /** A store that counts its sessions and which are closed. */
    private static final class CountingStore implements Store {
        final List<Session> opened = Collections.synchronizedList(new ArrayList<>());
        final Set<Session> closed = ConcurrentHashMap.newKeySet();

        @Override
        public Session newSession() {
            Session s = new OkSession() {
                @Override
                public void close() {
                    closed.add(this);
                }
            };
            opened.add(s);
            return s;
        }

        @Override
        public void close() {
        }
    }

    /** An operation that runs a given action. */
    private record Action(Runnable action) implements Operation {
        @Override
        public String name() {
            return "ACTION";
        }

        @Override
        public Status execute(Session session) {
            action.run();
            return Status.OK;
        }
    }

    /** An action that counts down {@code started} and then waits for {@code release}. */
    private static Runnable blocking(CountDownLatch started, CountDownLatch release) {
        return () -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    private static final OperationHandler RUN = (session, op, intended) -> op.execute(session.session());

    private static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(WAIT_SECONDS, TimeUnit.SECONDS), what);
    }

    private static void awaitIdle(WorkerPool pool) throws InterruptedException {
        awaitInFlight(pool, 0);
    }

    /**
     * Waits for {@code latch} while calling {@link WorkerPool#watch} as the scheduler does when it
     * wakes (here every 0.1 ms), which is what brings more workers to a queue held up by a
     * blocked one.
     */
    private static void awaitWatching(WorkerPool pool, CountDownLatch latch, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!latch.await(100, TimeUnit.MICROSECONDS) && System.nanoTime() < deadline) {
            pool.watch(System.nanoTime());
        }
        assertEquals(0, latch.getCount(), what);
    }

    /** Waits until {@code n} operations are in flight (a worker counts its operation until its handler returns). */
    private static void awaitInFlight(WorkerPool pool, int n) throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (pool.inFlight() != n && System.nanoTime() < deadline) {
            never.await(1, TimeUnit.MILLISECONDS);
        }
        assertEquals(n, pool.inFlight(), "operations in flight");
    }

    @Test
    void offer_manyOperations_eachRunsExactlyOnceWithItsIntendedStart() throws Exception {
        int n = 200_000;
        AtomicLongArray runs = new AtomicLongArray(n);
        CountDownLatch done = new CountDownLatch(n);
        OperationHandler handler = (session, op, intended) -> {
            runs.incrementAndGet((int) intended);
            done.countDown();
        };
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10_000, handler)) {
            for (int i = 0; i < n; i++) {
                while (!pool.hasRoom()) {
                    Thread.onSpinWait();
                }
                pool.offer(new Action(() -> { }), i);
            }
            await(done, "not every operation ran");
            for (int i = 0; i < n; i++) {
                assertEquals(1, runs.get(i), "operation " + i);
            }
            awaitIdle(pool);
            // Threads are reused: a noop burst needs a handful, not one per operation.
            assertTrue(pool.workers() < 100, "workers: " + pool.workers());
        }
    }

    @Test
    void blockedOperation_doesNotDelayTheOperationsAfterIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blockedStarted = new CountDownLatch(1);
        int others = 500;
        CountDownLatch othersDone = new CountDownLatch(others);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10_000, RUN)) {
            pool.offer(new Action(blocking(blockedStarted, release)), 0);
            await(blockedStarted, "the blocking operation did not start");
            for (int i = 0; i < others; i++) {
                pool.offer(new Action(othersDone::countDown), i + 1);
            }
            awaitWatching(pool, othersDone, "operations waited for a blocked one");
            awaitInFlight(pool, 1);
            release.countDown();
            awaitIdle(pool);
        }
    }

    @Test
    void maxInFlight_blockedOperationsFillIt_noRoomAndEachReportedWithItsIntendedStart() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        Runnable block = blocking(started, release);
        CountingStore store = new CountingStore();
        WorkerPool pool = new WorkerPool(store, 3, RUN);
        try {
            for (int i = 0; i < 3; i++) {
                assertTrue(pool.hasRoom());
                pool.offer(new Action(block), 100 + i);
            }
            assertFalse(pool.hasRoom());
            awaitWatching(pool, started, "all three should run at once");
            List<Long> intended = new ArrayList<>();
            assertEquals(3, pool.forEachInFlight(intended::add));
            Collections.sort(intended);
            assertEquals(List.of(100L, 101L, 102L), intended);
            assertEquals(3, pool.workers());
        } finally {
            release.countDown();
        }
        awaitIdle(pool);
        assertTrue(pool.hasRoom());
        assertEquals(0, pool.forEachInFlight(x -> { }));
        pool.close();
        // One session per worker; all closed once idle.
        assertEquals(3, store.opened.size());
        assertEquals(3, store.closed.size());
    }

    @Test
    void burstOfFastOperations_withoutWatching_isRunByOneAwakeWorkerNotAChainOfWakeUps() throws Exception {
        int n = 100_000;
        CountDownLatch done = new CountDownLatch(n);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 200_000, RUN)) {
            for (int i = 0; i < n; i++) {
                pool.offer(new Action(done::countDown), i);
            }
            await(done, "not every operation ran");
            awaitIdle(pool);
            // Only the scheduler's offer (when no worker is awake) and a worker going idle with
            // work queued wake a worker; a burst never needs one per operation. Two racing wake-ups
            // start a second or third worker (more on a busy machine, whose threads wake late):
            // a chain of wake-ups would start one per queued operation, thousands here.
            assertTrue(pool.workers() <= 16, "workers: " + pool.workers());
        }
    }

    @Test
    void watch_nothingQueued_notNeededUntilTheNextOffer() {
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10, RUN)) {
            assertEquals(Long.MAX_VALUE, pool.watch(1_000));
        }
    }

    @Test
    void watch_anOperationQueuedLongerThanTheLimit_bringsAnotherWorker() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch secondRan = new CountDownLatch(1);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10, RUN)) {
            pool.offer(new Action(blocking(firstStarted, release)), 0);
            await(firstStarted, "the first operation did not start");
            pool.offer(new Action(secondRan::countDown), 1);
            // The only worker is blocked and counts as awake, so nobody took the second one.
            assertEquals(1, pool.workers());
            long t = 5_000_000;
            // First look: the queued operation is noted, and the scheduler asked back within the limit.
            assertEquals(t + HelpPolicy.HELP_AFTER_NANOS, pool.watch(t));
            // Not yet past the limit: no new worker.
            assertEquals(t + HelpPolicy.HELP_AFTER_NANOS, pool.watch(t + HelpPolicy.HELP_AFTER_NANOS - 1));
            assertEquals(1, pool.workers());
            // Past it: a second worker runs the queued operation.
            pool.watch(t + HelpPolicy.HELP_AFTER_NANOS);
            await(secondRan, "the queued operation stayed behind the blocked one");
            assertEquals(2, pool.workers());
            release.countDown();
            awaitIdle(pool);
        }
    }

    @Test
    void watch_storeStallsWithManyQueued_oneWorkerPerLookThenDoublingUpToOnePerWaitingOperation() throws Exception {
        // A stalled store at a high rate: every queued operation needs a thread of its own soon,
        // or the queue (and the send lag) grows while the scheduler adds one at a time.
        int n = 1_000;
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(n);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10_000, RUN)) {
            for (int i = 0; i < n; i++) {
                pool.offer(new Action(blocking(started, release)), i);
            }
            awaitWorkersStarted(started, n - 1);
            long t = 1_000_000;
            long stuckFrom = t; // the first look: nothing has completed since
            pool.watch(t);
            t += HelpPolicy.HELP_AFTER_NANOS;
            int looks = 0;
            while (started.getCount() > 0 && looks < 1_000) {
                int before = pool.workers();
                pool.watch(t);
                looks++;
                int allowed = t - stuckFrom >= HelpPolicy.STUCK_NANOS ? 2 * before : before + 1;
                assertTrue(pool.workers() <= allowed, "workers " + before + " -> " + pool.workers() + " at look " + looks);
                awaitWorkersStarted(started, n - pool.workers());
                t += HelpPolicy.HELP_AFTER_NANOS;
            }
            assertEquals(0, started.getCount(), "all should run after " + looks + " looks");
            // One per look for STUCK_NANOS (500 looks), then doubling to 1,000 in a few more; never
            // more workers than operations.
            long perLook = HelpPolicy.STUCK_NANOS / HelpPolicy.HELP_AFTER_NANOS;
            assertTrue(looks <= perLook + 12, "looks: " + looks);
            assertEquals(n, pool.workers());
            release.countDown();
            awaitIdle(pool);
        }
    }

    /** Waits until the started workers run their blocking operations and {@code left} are still to start. */
    private static void awaitWorkersStarted(CountDownLatch started, long left) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (started.getCount() > left && System.nanoTime() < deadline) {
            started.await(1, TimeUnit.MILLISECONDS);
        }
        assertEquals(left, started.getCount(), "operations started before the scheduler looked");
    }

    @Test
    void firstWorkersArePlatformThreads_laterOnesVirtual() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        Runnable block = blocking(started, release);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10, RUN, 2)) {
            for (int i = 0; i < 3; i++) {
                pool.offer(new Action(block), i);
            }
            awaitWatching(pool, started, "three blocking operations should run at once");
            List<Thread> threads = pool.threads();
            assertFalse(threads.get(0).isVirtual());
            assertFalse(threads.get(1).isVirtual());
            assertTrue(threads.get(2).isVirtual());
            release.countDown();
            awaitIdle(pool);
        }
    }

    @Test
    void sequentialOperations_reuseAFewWorkers() throws Exception {
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 10_000, RUN)) {
            for (int i = 0; i < 5_000; i++) {
                CountDownLatch done = new CountDownLatch(1);
                pool.offer(new Action(done::countDown), i);
                await(done, "operation " + i);
            }
            awaitIdle(pool);
            // A worker counts as busy until it is back in the idle stack, a little after its
            // operation signalled completion, so a second or third may start (a few more on a busy
            // machine); never one per operation, thousands here.
            assertTrue(pool.workers() <= 16, "workers: " + pool.workers());
        }
    }

    @Test
    void hugeMaxInFlight_allocatesForTheWorkersUsedNotForTheBound() throws Exception {
        CountDownLatch done = new CountDownLatch(1_000);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        WorkerPool pool = new WorkerPool(new CountingStore(), Integer.MAX_VALUE, RUN);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        try (pool) {
            // The queue is capped at 2^20 cells (about 20 MiB); per-worker arrays grow with the
            // workers started. Sized by the bound, they would need gigabytes.
            assertTrue(allocated < 32L << 20, "the pool allocated " + allocated + " bytes up front");
            for (int i = 0; i < 1_000; i++) {
                pool.offer(new Action(done::countDown), i);
            }
            await(done, "operations did not run");
            awaitIdle(pool);
            assertTrue(pool.workers() < 1_000, pool.workers() + " workers for 1,000 instant operations");
        }
    }

    @Test
    void close_endsIdleWorkers() throws Exception {
        WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN);
        AtomicInteger ran = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(50);
        for (int i = 0; i < 50; i++) {
            pool.offer(new Action(() -> {
                ran.incrementAndGet();
                done.countDown();
            }), i);
        }
        await(done, "operations did not run");
        awaitIdle(pool);
        List<Thread> threads = pool.threads();
        pool.close();
        for (Thread t : threads) {
            assertTrue(t.join(java.time.Duration.ofSeconds(WAIT_SECONDS)), "a worker did not end: " + t);
        }
        assertEquals(50, ran.get());
    }

    /** Timekeeping from a script: each turn runs {@code turn} with the waiter and says how it ended. */
    private interface Script {
        Timekeeping.Turn turn(int index, ArrivalWaiter waiter) throws InterruptedException;
    }

    private static Timekeeping scripted(Script script) {
        AtomicInteger turns = new AtomicInteger();
        return new Timekeeping() {
            @Override
            public Turn keep(ArrivalWaiter waiter) throws InterruptedException {
                return script.turn(turns.getAndIncrement(), waiter);
            }

            @Override
            public long nextDueNanos() {
                return System.nanoTime(); // due now: a standby may take a free role at once
            }

            @Override
            public void keepAll() {
                throw new UnsupportedOperationException("the pool keeps time in turns");
            }

            @Override
            public void abandon() {
            }
        };
    }

    /** Runs {@code keepTime} on its own thread, as the open model's phase thread does. */
    private static Thread keepTimeInBackground(WorkerPool pool, Timekeeping keeping,
            AtomicReference<Throwable> failure) {
        return Thread.ofPlatform().start(() -> {
            try {
                pool.keepTime(keeping);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
    }

    @Test
    void keepTime_turnsQueueAndYield_everyOperationRunsOnceAndNoTwoTurnsOverlap() throws Exception {
        int n = 100_000;
        int perTurn = 10;
        AtomicLongArray runs = new AtomicLongArray(n);
        AtomicInteger overlaps = new AtomicInteger();
        AtomicReference<Thread> inTurn = new AtomicReference<>();
        Set<Thread> keepers = ConcurrentHashMap.newKeySet();
        OperationHandler handler = (session, op, intended) -> runs.incrementAndGet((int) intended);
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 1_000, handler)) {
            int[] offered = {0}; // touched only inside a turn, so never by two threads at once
            pool.keepTime(scripted((index, waiter) -> {
                if (!inTurn.compareAndSet(null, Thread.currentThread())) {
                    overlaps.incrementAndGet();
                }
                keepers.add(Thread.currentThread());
                try {
                    for (int i = 0; i < perTurn && offered[0] < n && pool.hasRoom(); i++) {
                        pool.offer(new Action(() -> { }), offered[0]++);
                    }
                    return offered[0] == n ? Timekeeping.Turn.ENDED : Timekeeping.Turn.YIELDED;
                } finally {
                    inTurn.set(null);
                }
            }));
            awaitIdle(pool);
            for (int i = 0; i < n; i++) {
                assertEquals(1, runs.get(i), "operation " + i);
            }
            assertEquals(0, overlaps.get(), "two workers kept time at once");
            // keepTime returned on the caller's thread; the turns ran on the pool's workers.
            assertFalse(keepers.contains(Thread.currentThread()));
            // A few workers take turns (more on a busy machine); never one per turn, 10,000 here.
            assertTrue(pool.workers() <= 16, "workers: " + pool.workers());
        }
    }

    @Test
    void keepTime_operationBlocksInTheStore_timekeepingGoesOnOnAnotherWorker() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blockedStarted = new CountDownLatch(1);
        AtomicReference<Thread> keeperAfterBlock = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN)) {
            Thread phase = keepTimeInBackground(pool, scripted((index, waiter) -> {
                if (index == 0) {
                    pool.offer(new Action(blocking(blockedStarted, release)), 0);
                    return Timekeeping.Turn.YIELDED; // usually this worker runs it, and blocks
                }
                // Keep time (short waits, as for arrivals) until the operation is blocked.
                while (blockedStarted.getCount() > 0) {
                    long now = System.nanoTime();
                    if (!waiter.awaitUntil(now + 50_000, now + 50_000)) {
                        return Timekeeping.Turn.TAKEN_OVER;
                    }
                }
                keeperAfterBlock.set(Thread.currentThread());
                return Timekeeping.Turn.ENDED;
            }), failure);
            await(blockedStarted, "the blocking operation did not start");
            assertTrue(phase.join(java.time.Duration.ofSeconds(WAIT_SECONDS)), "timekeeping stopped behind a blocked operation");
            assertEquals(1, pool.inFlight(), "the blocked operation is still running");
            Thread blocked = threadRunningTheBlockedOperation(pool);
            assertTrue(blocked != null, "no worker is blocked in the operation");
            assertTrue(keeperAfterBlock.get() != null && keeperAfterBlock.get() != blocked,
                    "time was kept after the block by a worker not blocked");
            release.countDown();
            awaitIdle(pool);
            assertEquals(null, failure.get());
        }
    }

    /**
     * The worker thread blocked in a store call (parked on something other than the pool),
     * waited for: the operation counts its latch down just before it parks.
     */
    private static Thread threadRunningTheBlockedOperation(WorkerPool pool) throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            for (Thread t : pool.threads()) {
                if (t.getState() == Thread.State.WAITING && !(LockSupport.getBlocker(t) instanceof WorkerPool)) {
                    return t;
                }
            }
            never.await(1, TimeUnit.MILLISECONDS);
        }
        return null;
    }

    @Test
    void keepTime_keeperParkedPastTheTakeOverTime_standbyTakesOverAndTheLateKeeperStepsDown() throws Exception {
        AtomicReference<Boolean> firstWaitResult = new AtomicReference<>();
        CountDownLatch firstReturned = new CountDownLatch(1);
        AtomicReference<Thread> firstKeeper = new AtomicReference<>();
        AtomicReference<Thread> secondKeeper = new AtomicReference<>();
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN)) {
            long dueLongAgo = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);
            long farAway = System.nanoTime() + TimeUnit.SECONDS.toNanos(10 * WAIT_SECONDS);
            pool.keepTime(scripted((index, waiter) -> {
                if (index == 0) {
                    firstKeeper.set(Thread.currentThread());
                    // A keeper whose wake-up does not come: the arrival is long due.
                    firstWaitResult.set(waiter.awaitUntil(farAway, dueLongAgo));
                    firstReturned.countDown();
                    return Timekeeping.Turn.TAKEN_OVER;
                }
                secondKeeper.set(Thread.currentThread());
                return Timekeeping.Turn.ENDED;
            }));
            await(firstReturned, "the late keeper was not told it was taken over");
            assertEquals(Boolean.FALSE, firstWaitResult.get());
            assertTrue(secondKeeper.get() != null && secondKeeper.get() != firstKeeper.get(), "taken over by another worker");
        }
    }

    @Test
    void keepTime_keeperOnTime_isNotTakenOver() throws Exception {
        AtomicReference<Boolean> waitResult = new AtomicReference<>();
        AtomicInteger turns = new AtomicInteger();
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN)) {
            pool.keepTime(scripted((index, waiter) -> {
                turns.incrementAndGet();
                long now = System.nanoTime();
                // Due in 20 ms and woken then: the standby must not take over before it is late.
                waitResult.set(waiter.awaitUntil(now + 20_000_000, now + 20_000_000 + TimekeepingRelay.TAKE_OVER_AFTER_NANOS * 1000));
                return Timekeeping.Turn.ENDED;
            }));
            assertEquals(Boolean.TRUE, waitResult.get());
            assertEquals(1, turns.get());
        }
    }

    @Test
    void keepTime_standbyLooksLessOftenWhileTheKeeperIsOnTime_andCloselyAgainAfterALateArrival() throws Exception {
        int stretch = 100; // arrivals 500 µs apart, met on time, with the standby's slack at its most
        long start = System.nanoTime();
        AtomicLong due = new AtomicLong(start);
        AtomicLong stretchArrivals = new AtomicLong();
        AtomicLong looksAtStretchStart = new AtomicLong(-1);
        AtomicLong stretchLooks = new AtomicLong(-1);
        AtomicLong slackAfterLate = new AtomicLong(-1);
        AtomicBoolean lateKept = new AtomicBoolean();
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN)) {
            TimekeepingRelay relay = pool.relay();
            pool.keepTime(scripted((index, waiter) -> {
                while (stretchLooks.get() < 0) {
                    if (relay.standbySlack() < TimekeepingRelay.MAX_STANDBY_SLACK_NANOS) {
                        // Not grown yet, or back to looking closely after a late wake-up: (re)start the stretch.
                        looksAtStretchStart.set(-1);
                        stretchArrivals.set(0);
                    } else if (looksAtStretchStart.get() < 0) {
                        looksAtStretchStart.set(relay.standbyLooks());
                    } else if (stretchArrivals.get() == stretch) {
                        stretchLooks.set(relay.standbyLooks() - looksAtStretchStart.get());
                        break;
                    }
                    if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(WAIT_SECONDS)) {
                        return Timekeeping.Turn.ENDED; // never a whole stretch on time: failed below
                    }
                    long d = Math.max(due.get(), System.nanoTime()) + 500_000;
                    due.set(d);
                    if (looksAtStretchStart.get() >= 0) {
                        stretchArrivals.incrementAndGet();
                    }
                    if (!waiter.awaitUntil(d, d)) {
                        return Timekeeping.Turn.TAKEN_OVER; // woke late: the next keeper goes on
                    }
                }
                if (lateKept.compareAndSet(false, true)) {
                    // A keeper whose wake-up does not come for an arrival due now.
                    long now = System.nanoTime();
                    waiter.awaitUntil(now + TimeUnit.SECONDS.toNanos(WAIT_SECONDS), now);
                    return Timekeeping.Turn.TAKEN_OVER;
                }
                slackAfterLate.set(relay.standbySlack());
                return Timekeeping.Turn.ENDED;
            }));
        }
        assertTrue(stretchLooks.get() >= 0, "no stretch of " + stretch + " arrivals with the standby's slack at its most");
        // Once a millisecond or less: about one look per three arrivals (one per arrival before).
        assertTrue(stretchLooks.get() <= stretch * 6 / 10, stretchLooks.get() + " looks for " + stretch + " arrivals");
        assertEquals(TimekeepingRelay.TAKE_OVER_AFTER_NANOS, slackAfterLate.get(), "after a late arrival");
    }

    @Test
    void keepTime_timekeepingThrows_keepTimeRethrowsIt() {
        try (WorkerPool pool = new WorkerPool(new CountingStore(), 100, RUN)) {
            IllegalStateException thrown = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> pool.keepTime(scripted((index, waiter) -> {
                        throw new IllegalStateException("workload broke");
                    })));
            assertEquals("workload broke", thrown.getMessage());
        }
    }
}
