package org.openmark.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openmark.api.Clock;

/**
 * One reading of the clock, the floor under every operation's timing: the closed model reads it
 * twice per operation (the actual start, the completion). Through openmark's {@link Clock} and
 * straight from {@link System#nanoTime()}, to show the interface adds nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ClockBenchmark {
    private final Clock clock = Clock.system();

    @Benchmark
    public long systemNanoTime() {
        return System.nanoTime();
    }

    @Benchmark
    public long clockNanoTime() {
        return clock.nanoTime();
    }
}
