package org.openmark.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openmark.api.Status;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.RunTimeline;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/**
 * What a cluster coordinator pays per worker interval in steady state: decoding the interval's
 * compressed histograms and adding them into the merge by time (each interval to the span its
 * time says, a span out once every worker delivered it). Each interval holds workload A's
 * channels (READ and UPDATE, OK, response and service) and the send lag, filled with
 * {@code opsPerInterval} log-normally spread latencies (median 1 ms, 3 decades wide).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MergeBenchmark {
    @Param({"10000", "1000000"})
    int opsPerInterval;

    @Param({"2"})
    int workers;

    private List<IntervalWire> wires;
    private int seq;
    private IntervalMerger merger;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(1);
        wires = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Map<Channel, Histogram> response = new TreeMap<>();
            Map<Channel, Histogram> service = new TreeMap<>();
            for (String op : List.of("READ", "UPDATE")) {
                response.put(new Channel(op, Status.OK, false), filled(random, opsPerInterval / 2, 1000));
                service.put(new Channel(op, Status.OK, false), filled(random, opsPerInterval / 2, 800));
            }
            wires.add(IntervalWire.of(new IntervalSnapshot(0, 10_000, response, service,
                    filled(random, opsPerInterval, 50), opsPerInterval)));
        }
        // intervals of 10 s from 0 on the coordinator's clock, no warm-up: each worker's interval s
        // lands in span s, which goes out once both workers delivered it
        merger = new IntervalMerger(RunTimeline.of(0, java.time.Duration.ofSeconds(10), java.time.Duration.ZERO),
                workers);
    }

    private static Histogram filled(SplittableRandom random, int n, double medianMicros) {
        Histogram h = Measurements.newHistogram();
        for (int i = 0; i < n; i++) {
            double x = medianMicros * Math.exp(random.nextGaussian() * 1.5);
            h.recordValue(Math.max(1, Math.round(x)));
        }
        return h;
    }

    /** The bytes of one worker interval's histograms (printed once, for the docs). */
    public long bytesPerInterval() {
        return wires.get(0).bytes();
    }

    @Benchmark
    public Object decodeAndMergeOneWorkerInterval() {
        int w = seq % workers;
        int s = seq / workers;
        seq++;
        IntervalSnapshot snapshot = wires.get(w).toSnapshot(s * 10_000L);
        return merger.add(w, s, snapshot, (s + 1) * 10.0, 0, false, -1);
    }
}
