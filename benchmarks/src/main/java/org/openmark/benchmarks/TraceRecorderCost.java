package org.openmark.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.trace.TraceEnd;
import org.openmark.trace.TraceHeader;
import org.openmark.trace.TraceRecorder;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;

/**
 * What {@code --record-ops} costs per operation, apart from the run around it, measured in CPU time per
 * thread (so that other work on a shared machine does not count): the threads that end operations hand
 * them to the recorder at RATE per second in all (in bursts, as workers do), and the recorder's writer
 * encodes, compresses and writes them. Prints the CPU per operation of each side, the trace's bytes per
 * operation and the operations dropped. Run: {@code bin/bench record-ops-cost [RATE] [SECS] [THREADS]}.
 */
public final class TraceRecorderCost {
    private TraceRecorderCost() {
    }

    /** An operation that tells its target (workload A's update: one field of 100 bytes). */
    private record Told(String name, OperationTarget target) implements Operation {
        @Override
        public Status execute(Session session) {
            return Status.OK;
        }
    }

    public static void main(String[] args) throws Exception {
        double rate = args.length > 0 ? Double.parseDouble(args[0]) : 100_000;
        int secs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        Path file = Files.createTempFile("openmark-cost", ".trace");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < 2; round++) { // the first round warms the JIT up
            TraceRecorder recorder = TraceRecorder.start("--record-ops", file, new TraceHeader(
                    TraceHeader.FORMAT_VERSION, "bench", "run", "memory", 1, "real", Map.of("workload", "core")));
            long start = System.nanoTime();
            recorder.opened(start);
            long[] callerCpu = new long[threads];
            long perThread = (long) (rate * secs / threads);
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int index = t;
                ts[t] = Thread.ofPlatform().start(() -> {
                    SplittableRandom r = new SplittableRandom(index);
                    long gapNanos = (long) (1e9 * threads / rate);
                    long due = start;
                    long cpu = 0;
                    for (long i = 0; i < perThread; i += 64) {
                        long before = mx.getCurrentThreadCpuTime();
                        for (int k = 0; k < 64; k++) {
                            long intended = due + k * gapNanos;
                            String name = r.nextInt(2) == 0 ? "READ" : "UPDATE";
                            Operation op = new Told(name, new OperationTarget("usertable", "user" + r.nextLong(),
                                    name.equals("READ") ? OperationTarget.ALL_FIELDS : 1, name.equals("READ") ? 1000 : 100, 0));
                            recorder.ended(op, Status.OK, intended, intended + r.nextInt(2_000),
                                    intended + 20_000 + r.nextInt(200_000), index);
                        }
                        cpu += mx.getCurrentThreadCpuTime() - before;
                        due += 64 * gapNanos;
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            LockSupport.parkNanos(wait);
                        }
                    }
                    callerCpu[index] = cpu;
                });
            }
            Thread writer = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("openmark-trace-writer")).findFirst().orElseThrow();
            long writerCpuBefore = mx.getThreadCpuTime(writer.threadId());
            long writerCpu = 0;
            for (Thread t : ts) {
                t.join();
            }
            writerCpu = mx.getThreadCpuTime(writer.threadId()) - writerCpuBefore; // before finish: the steady state
            TraceEnd end = recorder.finish(false);
            long total = perThread * threads;
            long callers = 0;
            for (long c : callerCpu) {
                callers += c;
            }
            if (round == 1) {
                System.out.printf(Locale.ROOT, "--record-ops at %.0f ops/s for %d s, %d threads ending operations:%n",
                        rate, secs, threads);
                System.out.printf(Locale.ROOT, "  on the threads that end operations: %.1f ns CPU/op%n",
                        callers / (double) total);
                System.out.printf(Locale.ROOT, "  on the writer thread (encode, zstd, write): %.1f ns CPU/op%n",
                        writerCpu / (double) total);
                System.out.printf(Locale.ROOT, "  together: %.1f ns CPU/op; %.1f bytes/op in the trace; %,d written,"
                        + " %,d dropped%n", (callers + writerCpu) / (double) total, Files.size(file) / (double) total,
                        end.operations(), end.dropped());
            }
        }
        Files.deleteIfExists(file);
    }
}
