package org.openmark.benchmarks;

import java.util.Map;
import java.util.OptionalLong;
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
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;
import org.openmark.workload.Workloads;

/** The cost of choosing the next operation (key, fields, values) per request distribution. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class WorkloadBenchmark {
    @Param({"uniform", "zipfian", "latest", "hotspot"})
    public String distribution;

    private WorkloadClient client;

    @Setup
    public void setUp() {
        Settings s = Settings.of(Map.of("recordcount", "1000000", "readproportion", "0.5", "updateproportion", "0.5",
                "requestdistribution", distribution));
        client = Workloads.create(s, Clock.system(), OptionalLong.of(10_000_000)).newClient(0, 1, 1);
    }

    @Benchmark
    public Operation nextOperation() {
        return client.nextOperation();
    }
}
