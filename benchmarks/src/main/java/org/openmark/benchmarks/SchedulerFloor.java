package org.openmark.benchmarks;

import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;

/**
 * The best send lag this machine allows: an ideal open-model scheduler that does no work per
 * operation. One thread draws Poisson arrivals, parks until each is due (as the real scheduler
 * does, through the same {@link Clock}) and, on waking, counts every arrival already due as sent, with lag = wake time −
 * intended start. Nothing is handed off and nothing is allocated, so what it measures is the
 * machine (timer slack, the OS and hypervisor scheduler, other tenants), the floor under any
 * load generator's send lag here.
 *
 * <p>Usage: {@code SchedulerFloor [RATE_PER_SEC] [SECONDS] [WARMUP_SECONDS] [WORK_NANOS]}
 * (defaults 200000, 30, 5, 0). {@code WORK_NANOS} busies the thread for that long per arrival,
 * to see how the floor moves with the CPU a generator spends per operation. Prints the lag
 * percentiles in microseconds and the share of arrivals sent more than 1 ms late.
 */
public final class SchedulerFloor {
    private SchedulerFloor() {
    }

    public static void main(String[] args) throws InterruptedException {
        Clock clock = Clock.system();
        double rate = args.length > 0 ? Double.parseDouble(args[0]) : 200_000;
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 30;
        long warmupSeconds = args.length > 2 ? Long.parseLong(args[2]) : 5;
        long workNanos = args.length > 3 ? Long.parseLong(args[3]) : 0;
        Histogram lagMicros = new Histogram(3);
        lagMicros.setAutoResize(true);
        SplittableRandom random = new SplittableRandom(1);
        double meanGapNanos = 1e9 / rate;
        long start = clock.nanoTime();
        long measureFrom = start + warmupSeconds * 1_000_000_000L;
        long end = measureFrom + seconds * 1_000_000_000L;
        double intended = start;
        long now = start;
        long lateOverOneMs = 0;
        while (intended < end) {
            long due = (long) Math.ceil(intended);
            if (due > now) {
                clock.parkUntil(due);
            }
            now = clock.nanoTime();
            // Everything due by now is "sent" at now.
            while (intended <= now && intended < end) {
                long lag = (now - (long) intended) / 1000;
                if ((long) intended >= measureFrom) {
                    lagMicros.recordValue(lag);
                    if (lag > 1000) {
                        lateOverOneMs++;
                    }
                }
                intended += -Math.log(1 - random.nextDouble()) * meanGapNanos;
                if (workNanos > 0) {
                    long busyUntil = clock.nanoTime() + workNanos;
                    while (clock.nanoTime() < busyUntil) {
                        Thread.onSpinWait();
                    }
                }
            }
        }
        long n = lagMicros.getTotalCount();
        System.out.printf(Locale.ROOT, "ideal scheduler, Poisson %.0f/s for %d s after %d s warm-up, %d ns of work"
                + " per arrival: %d arrivals%n", rate, seconds, warmupSeconds, workNanos, n);
        System.out.printf(Locale.ROOT, "  send lag p50 %d us, p99 %d us, p99.9 %d us, max %d us; %.3f%% more than 1 ms late%n",
                lagMicros.getValueAtPercentile(50), lagMicros.getValueAtPercentile(99),
                lagMicros.getValueAtPercentile(99.9), lagMicros.getMaxValue(), 100.0 * lateOverOneMs / Math.max(1, n));
    }
}
