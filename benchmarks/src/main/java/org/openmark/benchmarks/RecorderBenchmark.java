package org.openmark.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openmark.api.Status;
import org.openmark.measure.BackToBack;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;

/**
 * The cost of recording one finished operation: a thread's own writer (closed model; paced, unpaced
 * and a call chain's operations at once) and the shared writer two threads contend on (open model).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecorderBenchmark {
    private static final int CHAIN = 64;

    @State(Scope.Benchmark)
    public static class Shared {
        Measurements measurements;
        MeasurementWriter shared;

        @Setup(Level.Trial)
        public void setUp() {
            measurements = new Measurements();
            shared = measurements.sharedWriter();
        }
    }

    @State(Scope.Thread)
    public static class Own {
        MeasurementWriter writer;
        BackToBack chain;
        long t;

        @Setup(Level.Trial)
        public void setUp(Shared s) {
            writer = s.measurements.newThreadWriter();
            chain = writer.backToBack(CHAIN);
        }
    }

    @Benchmark
    @Threads(1)
    public void threadWriter(Own own) {
        long t = own.t += 1_337;
        own.writer.record("READ", Status.OK, t, t + 100, t + 50_000 + (t & 0xFFFF));
    }

    /** Unpaced (the intended start is the actual one): the response time is the service time, recorded once. */
    @Benchmark
    @Threads(1)
    public void threadWriterUnpaced(Own own) {
        long t = own.t += 1_337;
        own.writer.record("READ", Status.OK, t, t, t + 50_000 + (t & 0xFFFF));
    }

    /** Per operation, a call chain's 64 operations recorded at once. */
    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(CHAIN)
    public void threadWriterBackToBack(Own own) {
        BackToBack chain = own.chain;
        long t = own.t;
        for (int i = 0; i < CHAIN; i++) {
            long end = t + 50_000 + (t & 0xFFFF);
            chain.add("READ", Status.OK, t, end);
            t = end;
        }
        own.t = t;
        own.writer.record(chain);
    }

    /** As above, with workload A's mix: READ or UPDATE, about half each, in no fixed order. */
    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(CHAIN)
    public void threadWriterBackToBackMixed(Own own) {
        BackToBack chain = own.chain;
        long t = own.t;
        for (int i = 0; i < CHAIN; i++) {
            long end = t + 50_000 + (t & 0xFFFF);
            chain.add((Long.bitCount(t) & 1) == 0 ? "READ" : "UPDATE", Status.OK, t, end);
            t = end;
        }
        own.t = t;
        own.writer.record(chain);
    }

    @Benchmark
    @Threads(2)
    public void threadWriterTwoThreads(Own own) {
        long t = own.t += 1_337;
        own.writer.record("READ", Status.OK, t, t + 100, t + 50_000 + (t & 0xFFFF));
    }

    @Benchmark
    @Threads(2)
    public void sharedWriterTwoThreads(Shared s, Own own) {
        long t = own.t += 1_337;
        s.shared.record("READ", Status.OK, t, t + 100, t + 50_000 + (t & 0xFFFF));
    }
}
