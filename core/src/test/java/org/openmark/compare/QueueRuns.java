package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.load.ArrivalProcess;
import org.openmark.measure.Measurements;

/**
 * Runs of the simulated store's model without the harness, for the hard cases of the false-alarm
 * tests: the open model's arrival process (core's own {@link ArrivalProcess}) into one node with a
 * throughput limit λmax, exactly the simulated store's counter model (Friedrich et al.: a backlog
 * that drains at λmax, each request waiting for it and adding 1/λmax, a hiccup adding its length),
 * plus an exponential client latency; half READ, half UPDATE. Intervals of one second after a
 * warm-up, the last partial one left out, response time = service time (virtual time has no send
 * lag). A few milliseconds per run, so a test can afford hundreds of pairs.
 *
 * @param arrival the arrival process
 * @param ratePerSec the arrival rate
 * @param maxPerSec λmax (0 = unlimited)
 * @param latencyMeanUs the mean of the exponential client latency
 * @param hiccupEverySec a hiccup's period (0 = none), the first one period after the start
 * @param hiccupSec a hiccup's length
 * @param seconds the measured length (after a 2 s warm-up)
 */
record QueueRuns(ArrivalProcess arrival, double ratePerSec, double maxPerSec, double latencyMeanUs,
        double hiccupEverySec, double hiccupSec, int seconds) {
    private static final int WARMUP_SECONDS = 2;

    /** The case: hyperexponential arrivals (CV 3) at 1000/s into 1100/s, 1 ms latency. */
    static QueueRuns bursty(int seconds) {
        return new QueueRuns(new ArrivalProcess.HyperExponential(3), 1000, 1100, 1000, 0, 0, seconds);
    }

    /** One run. */
    RunData run(String name, SplittableRandom random) {
        List<Histogram> reads = new ArrayList<>();
        List<Histogram> updates = new ArrayList<>();
        List<RunData.Interval> intervals = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            reads.add(Measurements.newHistogram());
            updates.add(Measurements.newHistogram());
            intervals.add(new RunData.Interval(WARMUP_SECONDS + i, 1));
        }
        double serviceSec = maxPerSec > 0 ? 1 / maxPerSec : 0;
        double backlogSec = 0;
        double previous = 0;
        double nextHiccup = hiccupEverySec > 0 ? hiccupEverySec : Double.POSITIVE_INFINITY;
        double end = WARMUP_SECONDS + seconds;
        for (double t = arrival.nextGapNanos(ratePerSec, random) / 1e9; t < end;
                t += arrival.nextGapNanos(ratePerSec, random) / 1e9) {
            backlogSec = Math.max(0, backlogSec - (t - previous));
            while (nextHiccup <= t) {
                backlogSec += hiccupSec;
                nextHiccup += hiccupEverySec;
            }
            previous = t;
            double latencyUs = backlogSec * 1e6 - Math.log(1 - random.nextDouble()) * latencyMeanUs;
            backlogSec += serviceSec;
            boolean read = random.nextBoolean();
            // Counted in the interval in which it ends, as the harness counts it.
            int interval = (int) Math.floor(t + latencyUs / 1e6) - WARMUP_SECONDS;
            if (t >= WARMUP_SECONDS && interval < seconds) {
                (read ? reads : updates).get(interval).recordValue(Math.round(latencyUs));
            }
        }
        Map<String, List<Histogram>> ops = new TreeMap<>(Map.of("READ", reads, "UPDATE", updates));
        return new RunData(name, Map.of("store", "queue"), true, seconds, ops, ops, intervals,
                new RunData.Load(true, ratePerSec, ratePerSec));
    }
}
