package org.openmark.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;

/**
 * Runs the interval path (record, collect, add up, encode, percentiles) on throwaway data before
 * a real-time phase starts. Without it the first collections of a run ran as interpreted code:
 * the collection at the end of the warm-up took 80 ms and the next one 20 ms of CPU, and on a
 * 2-core machine that CPU was taken from the scheduler (send-lag stalls of 2–5 ms right after
 * the warm-up). Nothing here touches the run's measurements or files.
 */
final class IntervalPathWarmUp {
    private static final String[] OPERATIONS = {"READ", "UPDATE"};
    /** Compiled code stays for the life of the JVM, so once per process is enough. */
    private static final AtomicBoolean DONE = new AtomicBoolean();
    /** The figures the warm-up computed, kept so the compiler cannot drop the work. */
    private static volatile long checksum;

    private IntervalPathWarmUp() {
    }

    /** Runs {@code rounds} intervals of {@code recordsPerRound} records each, the first time it is called. */
    static void runOnce(int rounds, int recordsPerRound) {
        if (DONE.compareAndSet(false, true)) {
            run(rounds, recordsPerRound);
        }
    }

    private static void run(int rounds, int recordsPerRound) {
        Measurements measurements = new Measurements();
        MeasurementWriter shared = measurements.sharedWriter();
        MeasurementWriter own = measurements.newThreadWriter();
        Totals totals = new Totals();
        HistogramLogWriter log = new HistogramLogWriter(new PrintStream(OutputStream.nullOutputStream()));
        SplittableRandom random = new SplittableRandom(1);
        long sum = 0;
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < recordsPerRound; i++) {
                // Latencies over five decades, so the histograms reach the sizes a run gives them.
                long micros = (long) Math.pow(10, 1 + random.nextDouble() * 5);
                String op = OPERATIONS[i & 1];
                shared.record(op, Status.OK, 0, micros * 100, micros * 1000);
                own.record(op, Status.OK, 0, micros * 100, micros * 1000);
            }
            IntervalSnapshot s = measurements.collectInterval(round, round + 1L);
            totals.add(s);
            for (Histogram h : s.responseByOperation().values()) {
                sum += h.getValueAtPercentile(99) + h.getMaxValue();
                log.outputIntervalHistogram(h.copy());
            }
            log.outputIntervalHistogram(s.sendLag());
        }
        checksum = sum;
    }
}
