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
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.workload.Operation;
import org.openmark.workload.WorkloadClient;
import org.openmark.workload.Workloads;

/**
 * One operation of workload A made and run on a store that answers at once and fills nothing
 * (the noop store's session): the harness's own cost per operation on the closed model's hot
 * path, without and with {@code dataintegrity}. Without it a read keeps nothing of what it read,
 * so its result map can be left unallocated: compare the two with {@code -prof gc}
 * ({@code gc.alloc.rate.norm}, bytes per operation). A read that keeps its map though nothing
 * checks it shows as the same bytes per operation in both, and ~10-30 ns more without checks
 * (issue 48's data checks did that to the closed model on the noop store).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class OperationBenchmark {
    @Param({"false", "true"})
    public String dataintegrity;

    private WorkloadClient client;
    private final Session session = new org.openmark.store.noop.NoopStoreFactory()
            .open(org.openmark.api.StoreProperties.of(Map.of())).newSession();

    @Setup
    public void setUp() {
        Settings s = Settings.of(Map.of("recordcount", "1000", "readproportion", "0.5", "updateproportion", "0.5",
                "requestdistribution", "zipfian", "dataintegrity", dataintegrity));
        client = Workloads.create(s, Clock.system(), OptionalLong.of(Long.MAX_VALUE)).newClient(0, 1, 1);
    }

    @Benchmark
    public Status nextOperationRun() {
        Operation op = client.nextOperation();
        return op.execute(session);
    }
}
