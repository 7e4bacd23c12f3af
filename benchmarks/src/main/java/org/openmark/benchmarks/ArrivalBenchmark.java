package org.openmark.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.Arrivals;

/** The cost of drawing one intended start time, per arrival process. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ArrivalBenchmark {
    @Param({"constant", "poisson", "pareto:2.5", "hyperexp:4"})
    public String process;

    private ArrivalProcess arrivals;
    private final SplittableRandom random = new SplittableRandom(1);

    @Setup
    public void setUp() {
        arrivals = Arrivals.parse("--arrival", process);
    }

    @Benchmark
    public double nextGap() {
        return arrivals.nextGapNanos(200_000, random);
    }
}
