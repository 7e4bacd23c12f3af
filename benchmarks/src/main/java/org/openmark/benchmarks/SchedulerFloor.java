package org.openmark.benchmarks;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;

/**
 * The best send lag this machine allows, in two forms.
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
 * <p>Usage: {@code SchedulerFloor [RATE_PER_SEC] [SECONDS] [WARMUP_SECONDS] [WORK_NANOS] [inline|handoff]}
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
        if (!mode.equals("inline") && !mode.equals("handoff")) {
            throw new IllegalArgumentException("mode must be inline or handoff: " + mode);
        }
        SchedulerFloor floor = new SchedulerFloor();
        long n = floor.run(rate, seconds, warmupSeconds, workNanos, mode.equals("handoff"));
        Histogram lag = floor.lagMicros;
        System.out.printf(Locale.ROOT, "ideal scheduler (%s), Poisson %.0f/s for %d s after %d s warm-up, %d ns of work"
                + " per arrival: %d arrivals%n", mode, rate, seconds, warmupSeconds, workNanos, n);
        System.out.printf(Locale.ROOT, "  send lag p50 %d us, p99 %d us, p99.9 %d us, max %d us; %.3f%% more than 1 ms late%n",
                lag.getValueAtPercentile(50), lag.getValueAtPercentile(99),
                lag.getValueAtPercentile(99.9), lag.getMaxValue(), 100.0 * floor.lateOverOneMs / Math.max(1, n));
    }

    /** Runs the schedule; returns how many arrivals were measured. */
    private long run(double rate, long seconds, long warmupSeconds, long workNanos, boolean handOff)
            throws InterruptedException {
        SplittableRandom random = new SplittableRandom(1);
        double meanGapNanos = 1e9 / rate;
        long start = clock.nanoTime();
        measureFrom = start + warmupSeconds * 1_000_000_000L;
        long end = measureFrom + seconds * 1_000_000_000L;
        Consumer consumer = handOff ? new Consumer(Math.max(1 << 16, Long.highestOneBit((long) (rate * 2)) << 1)) : null;
        Thread consumerThread = null;
        if (consumer != null) {
            consumerThread = Thread.ofPlatform().name("floor-consumer").start(consumer::consume);
        }
        double intended = start;
        long now = start;
        while (intended < end) {
            long due = (long) Math.ceil(intended);
            if (due > now) {
                clock.parkUntil(due);
            }
            now = clock.nanoTime();
            // Everything due by now is "sent" at now (inline) or handed off now.
            while (intended <= now && intended < end) {
                if (consumer != null) {
                    consumer.add((long) intended, consumerThread);
                } else {
                    record(now, (long) intended);
                }
                intended += -Math.log(1 - random.nextDouble()) * meanGapNanos;
                if (workNanos > 0) {
                    long busyUntil = clock.nanoTime() + workNanos;
                    while (clock.nanoTime() < busyUntil) {
                        Thread.onSpinWait();
                    }
                }
            }
            if (consumer != null) {
                consumer.publish(consumerThread);
            }
        }
        if (consumer != null) {
            consumer.finish(consumerThread);
            consumerThread.join();
        }
        return lagMicros.getTotalCount();
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
