package org.openmark.benchmarks;

import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.timing.WakeUpFloor;

/**
 * The best send lag this machine allows, in three forms.
 *
 * <p>{@code inline}: an ideal open-model scheduler that does no work per operation. One thread
 * draws Poisson arrivals, parks until each is due (as the real scheduler does, through the same
 * {@link Clock}) and, on waking, counts every arrival already due as sent, with lag = wake time
 * − intended start. Nothing is handed off and nothing is allocated, so what it measures is the
 * machine (timer slack, the OS and hypervisor scheduler, other tenants), the floor under any
 * load generator's send lag here.
 *
 * <p>{@code handoff}: the same scheduler hands each batch of due arrivals to a second thread,
 * which counts them as sent when it sees them: the floor under any generator that runs its
 * operations on other threads than the one that keeps time (as openmark's open model must, so
 * that a blocked operation does not stop the schedule). The hand-off is the least there is: a
 * preallocated ring, a volatile index and one unpark per batch when the consumer sleeps.
 *
 * <p>{@code relay}: two threads take turns at keeping time, as openmark's workers do. The one
 * whose turn it is parks until arrivals are due, frees the role (waking the other thread if it
 * sleeps) and counts the batch as sent itself; then it takes the role back unless the other has
 * taken it. Nothing is handed off on the way from the wake-up to the send ({@code WORK_NANOS}
 * is not applied in this mode).
 *
 * <p>Usage: {@code SchedulerFloor [RATE_PER_SEC] [SECONDS] [WARMUP_SECONDS] [WORK_NANOS] [inline|handoff|relay]}
 * (defaults 200000, 30, 5, 0, inline). {@code WORK_NANOS} busies the timekeeping thread for that
 * long per arrival, to see how the floor moves with the CPU a generator spends per operation.
 * Prints the lag percentiles in microseconds and the share of arrivals sent more than 1 ms late.
 */
public final class SchedulerFloor {
    private final Clock clock = Clock.system();
    private final Histogram lagMicros = new Histogram(3);
    private long measureFrom;
    private long lateOverOneMs;

    private SchedulerFloor() {
        lagMicros.setAutoResize(true);
    }

    public static void main(String[] args) throws InterruptedException {
        double rate = args.length > 0 ? Double.parseDouble(args[0]) : 200_000;
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 30;
        long warmupSeconds = args.length > 2 ? Long.parseLong(args[2]) : 5;
        long workNanos = args.length > 3 ? Long.parseLong(args[3]) : 0;
        String mode = args.length > 4 ? args[4] : "inline";
        if (!mode.equals("inline") && !mode.equals("handoff") && !mode.equals("relay")) {
            throw new IllegalArgumentException("mode must be inline, handoff or relay: " + mode);
        }
        SchedulerFloor floor = new SchedulerFloor();
        long n = switch (mode) {
            case "relay" -> floor.relay(rate, seconds, warmupSeconds);
            case "handoff" -> floor.handOff(rate, seconds, warmupSeconds, workNanos);
            default -> floor.inline(rate, seconds, warmupSeconds, workNanos);
        };
        Histogram lag = floor.lagMicros;
        System.out.printf(Locale.ROOT, "ideal scheduler (%s), Poisson %.0f/s for %d s after %d s warm-up, %d ns of work"
                + " per arrival: %d arrivals%n", mode, rate, seconds, warmupSeconds, workNanos, n);
        System.out.printf(Locale.ROOT, "  send lag p50 %d us, p99 %d us, p99.9 %d us, max %d us; %.3f%% more than 1 ms late%n",
                lag.getValueAtPercentile(50), lag.getValueAtPercentile(99),
                lag.getValueAtPercentile(99.9), lag.getMaxValue(), 100.0 * floor.lateOverOneMs / Math.max(1, n));
    }

    /**
     * The inline floor: core's {@link WakeUpFloor}, the same ideal scheduler a run measures before
     * an open-model phase (there with its timer slack tightened, as the run's timekeepers'; here
     * with the machine's default, as this benchmark has always measured).
     */
    private long inline(double rate, long seconds, long warmupSeconds, long workNanos) throws InterruptedException {
        Histogram lag = WakeUpFloor.measure(clock, new WakeUpFloor.Plan(rate, Duration.ofSeconds(warmupSeconds),
                Duration.ofSeconds(seconds), workNanos, 1), () -> false);
        lagMicros.add(lag);
        lateOverOneMs = lag.getTotalCount() == 0 ? 0 : lag.getCountBetweenValues(1001, Math.max(1001,
                lag.getMaxValue()));
        return lagMicros.getTotalCount();
    }

    /** Runs the schedule with a hand-off; returns how many arrivals were measured. */
    private long handOff(double rate, long seconds, long warmupSeconds, long workNanos) throws InterruptedException {
        SplittableRandom random = new SplittableRandom(1);
        double meanGapNanos = 1e9 / rate;
        long start = clock.nanoTime();
        measureFrom = start + warmupSeconds * 1_000_000_000L;
        long end = measureFrom + seconds * 1_000_000_000L;
        Consumer consumer = new Consumer(Math.max(1 << 16, Long.highestOneBit((long) (rate * 2)) << 1));
        Thread consumerThread = Thread.ofPlatform().name("floor-consumer").start(consumer::consume);
        double intended = start;
        long now = start;
        while (intended < end) {
            long due = (long) Math.ceil(intended);
            if (due > now) {
                clock.parkUntil(due);
            }
            now = clock.nanoTime();
            // Everything due by now is handed off now.
            while (intended <= now && intended < end) {
                consumer.add((long) intended, consumerThread);
                intended += -Math.log(1 - random.nextDouble()) * meanGapNanos;
                if (workNanos > 0) {
                    long busyUntil = clock.nanoTime() + workNanos;
                    while (clock.nanoTime() < busyUntil) {
                        Thread.onSpinWait();
                    }
                }
            }
            consumer.publish(consumerThread);
        }
        consumer.finish(consumerThread);
        consumerThread.join();
        return lagMicros.getTotalCount();
    }

    /**
     * Relay: two threads take turns keeping time. The one that keeps time parks until arrivals
     * are due, then gives up the role (waking the other thread if it sleeps) and sends the batch
     * itself; afterwards it takes the role back unless the other thread has taken it.
     */
    private long relay(double rate, long seconds, long warmupSeconds) throws InterruptedException {
        Relay relay = new Relay(rate, seconds, warmupSeconds);
        Thread a = Thread.ofPlatform().name("relay-a").unstarted(() -> relay.work(0));
        Thread b = Thread.ofPlatform().name("relay-b").unstarted(() -> relay.work(1));
        relay.threads[0] = a;
        relay.threads[1] = b;
        a.start();
        b.start();
        a.join();
        b.join();
        lagMicros.add(relay.lag[0]);
        lagMicros.add(relay.lag[1]);
        lateOverOneMs = relay.late[0] + relay.late[1];
        return lagMicros.getTotalCount();
    }

    /** The relay floor's two threads and what they share. */
    private final class Relay {
        final Thread[] threads = new Thread[2];
        final Histogram[] lag = {new Histogram(3), new Histogram(3)};
        final long[] late = new long[2];
        /** 0 while nobody keeps time, else 1 + the keeping thread's index. */
        final AtomicInteger keeper = new AtomicInteger(0);
        final AtomicBoolean[] sleeping = {new AtomicBoolean(), new AtomicBoolean()};
        final long[][] batch = {new long[1 << 16], new long[1 << 16]};
        volatile boolean finished;
        /** Keeper only. */
        final SplittableRandom random = new SplittableRandom(1);
        final double meanGapNanos;
        final long end;
        double intended;

        Relay(double rate, long seconds, long warmupSeconds) {
            lag[0].setAutoResize(true);
            lag[1].setAutoResize(true);
            meanGapNanos = 1e9 / rate;
            long start = clock.nanoTime();
            measureFrom = start + warmupSeconds * 1_000_000_000L;
            end = measureFrom + seconds * 1_000_000_000L;
            intended = start;
        }

        void work(int me) {
            int other = 1 - me;
            while (!finished) {
                if (keeper.get() == 0 && keeper.compareAndSet(0, me + 1)) {
                    keep(me, other);
                    continue;
                }
                sleeping[me].set(true);
                if (keeper.get() == 0 || finished) {
                    sleeping[me].set(false);
                    continue;
                }
                while (sleeping[me].get() && !finished) {
                    LockSupport.park(this);
                }
            }
        }

        /** Keeps time until the role is passed on and not taken back. */
        private void keep(int me, int other) {
            long[] mine = batch[me];
            while (true) {
                long now = clock.nanoTime();
                long due = (long) Math.ceil(intended);
                if (due > now) {
                    try {
                        clock.parkUntil(due);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        finished = true;
                        return;
                    }
                    now = clock.nanoTime();
                }
                int n = 0;
                while (intended <= now && intended < end && n < mine.length) {
                    mine[n++] = (long) intended;
                    intended += -Math.log(1 - random.nextDouble()) * meanGapNanos;
                }
                if (intended >= end) {
                    finished = true;
                    LockSupport.unpark(threads[other]);
                }
                keeper.set(0);
                if (sleeping[other].get() && sleeping[other].compareAndSet(true, false)) {
                    LockSupport.unpark(threads[other]);
                }
                for (int i = 0; i < n; i++) {
                    long sent = clock.nanoTime();
                    if (mine[i] >= measureFrom) {
                        long l = (sent - mine[i]) / 1000;
                        lag[me].recordValue(l);
                        if (l > 1000) {
                            late[me]++;
                        }
                    }
                }
                if (finished || !keeper.compareAndSet(0, me + 1)) {
                    return;
                }
            }
        }
    }

    private void record(long sentAt, long intended) {
        if (intended >= measureFrom) {
            long lag = (sentAt - intended) / 1000;
            lagMicros.recordValue(lag);
            if (lag > 1000) {
                lateOverOneMs++;
            }
        }
    }

    /** The other thread of the hand-off floor: one producer, one consumer, a ring of intended starts. */
    private final class Consumer {
        private final long[] ring;
        private final int mask;
        /** Producer only: the next position to fill. */
        private long filled;
        /** Written by the producer: positions below it are visible to the consumer. */
        private volatile long published;
        /** Written by the consumer: positions below it may be refilled. */
        private volatile long consumed;
        private final AtomicBoolean sleeping = new AtomicBoolean();
        private volatile boolean finished;

        Consumer(long capacity) {
            ring = new long[(int) capacity];
            mask = ring.length - 1;
        }

        void add(long intended, Thread consumerThread) {
            if (filled - consumed >= ring.length) {
                // Only if the consumer is seconds behind: wait rather than overwrite.
                publish(consumerThread);
                while (filled - consumed >= ring.length) {
                    Thread.onSpinWait();
                }
            }
            ring[(int) (filled++ & mask)] = intended;
        }

        void publish(Thread consumerThread) {
            if (filled == published) {
                return;
            }
            published = filled;
            if (sleeping.get() && sleeping.compareAndSet(true, false)) {
                LockSupport.unpark(consumerThread);
            }
        }

        void finish(Thread consumerThread) {
            finished = true;
            LockSupport.unpark(consumerThread);
        }

        void consume() {
            long next = 0;
            while (true) {
                long upTo = published;
                if (next < upTo) {
                    long now = clock.nanoTime();
                    for (; next < upTo; next++) {
                        record(now, ring[(int) (next & mask)]);
                    }
                    consumed = next;
                    continue;
                }
                if (finished) {
                    return;
                }
                // Announce the sleep, then look once more: the producer publishes and then reads
                // the flag, so one of the two sees the other.
                sleeping.set(true);
                if (published != next) {
                    sleeping.set(false);
                    continue;
                }
                while (sleeping.get() && !finished) {
                    LockSupport.park(this);
                }
            }
        }
    }
}
