package org.openmark.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.api.Status;
import org.openmark.load.OperationLog;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * Record and replay in virtual time, against a store with pseudo-random service times: the log a phase
 * tells holds exactly the operations the workload made, each once, with the times the histograms got;
 * a replay of the trace issues the same operations at the same intended starts (over {@code --speed}).
 */
class RecordReplayTest {
    private static final int OPS = 3_000;

    @TempDir
    Path dir;

    /** What a log was told of one operation. */
    record Told(String name, String key, long intended, long actual, long end, String status, int client) {
    }

    /** An operation log that keeps what it is told, times from the window's opening. */
    static final class Kept implements OperationLog {
        final List<Told> told = Collections.synchronizedList(new ArrayList<>());
        volatile long start = -1;

        @Override
        public void opened(long startNanos) {
            start = startNanos;
        }

        @Override
        public void ended(Operation op, Status status, long intended, long actual, long end, int client) {
            OperationTarget t = op.target();
            told.add(new Told(op.name(), t == null ? null : t.key(), intended - start, actual - start, end - start,
                    status.name(), client));
        }

        List<Told> byIntendedStart() {
            List<Told> sorted = new ArrayList<>(told);
            sorted.sort(Comparator.comparingLong(Told::intended).thenComparing(Told::key));
            return sorted;
        }
    }

    private static LatencyStore store(VirtualClock clock) {
        // 50 µs .. 3 ms, a function of the start time
        return new LatencyStore(clock, start -> start + 50_000 + Math.floorMod(start * 2654435761L, 2_950_000));
    }

    private static RunResult run(RunConfig cfg, Workload workload, OperationLog log, long count) throws Exception {
        VirtualClock clock = new VirtualClock();
        return new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null).run(cfg, Runner.modelOf(cfg),
                workload, store(clock), count, Duration.ZERO, List.of(), () -> { }, log);
    }

    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("open poisson", new String[] {"model", "open", "arrival", "poisson", "rate", "2000"}),
                Arguments.of("closed 4 threads", new String[] {"model", "closed", "threadcount", "4"}),
                Arguments.of("closed paced", new String[] {"model", "closed", "threadcount", "3", "target", "1500"}));
    }

    private static RunConfig config(String[] pairs, String... more) {
        List<String> all = new ArrayList<>(List.of(pairs));
        all.addAll(List.of("operationcount", String.valueOf(OPS), "recordcount", "500", "readproportion", "0.5",
                "updateproportion", "0.3", "scanproportion", "0.1", "insertproportion", "0.1"));
        all.addAll(List.of(more));
        return TestConfigs.run(all.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void log_holdsEveryOperationTheWorkloadMade_onceEach_withTheHistogramsCounts(String label, String[] pairs)
            throws Exception {
        // Several clients share the insert sequence (which client gets which key depends on the interleaving): with
        // them, a mix without inserts, whose keys each client draws from its own stream.
        RunConfig cfg = label.startsWith("closed") ? config(pairs, "insertproportion", "0") : config(pairs);
        Kept log = new Kept();
        RunResult r = run(cfg, cfg.workload().create(new VirtualClock(), OptionalLong.of(OPS)), log, OPS);

        assertEquals(OPS, log.told.size());
        Map<String, Long> byName = new TreeMap<>();
        log.told.forEach(t -> byName.merge(t.name(), 1L, Long::sum));
        Map<String, Long> counted = new TreeMap<>();
        for (OpResult op : r.operations()) {
            counted.put(op.name(), op.count());
        }
        assertEquals(counted, byName, "the log's operations are the histograms'");
        // The same seed makes the same operations: what each client made, in the order it made them.
        Workload again = cfg.workload().create(new VirtualClock(), OptionalLong.of(OPS));
        int clients = cfg.model() instanceof org.openmark.run.Model.Closed c ? c.threads() : 1;
        for (int client = 0; client < clients; client++) {
            int index = client;
            List<Told> its = log.byIntendedStart().stream().filter(t -> t.client() == index).toList();
            WorkloadClient source = again.newClient(client, clients, cfg.seed());
            for (Told t : its) {
                Operation made = source.nextOperation();
                assertEquals(made.name() + " " + made.target().key(), t.name() + " " + t.key(), label + " client " + client);
            }
        }
        for (Told t : log.told) {
            assertTrue(t.intended() >= 0 && t.actual() >= t.intended() && t.end() >= t.actual(), t::toString);
        }
    }

    @Test
    void replay_issuesTheRecordedOperationsAtTheirRecordedIntendedStarts_andSpeedDividesEveryOffset()
            throws Exception {
        RunConfig cfg = config(new String[] {"model", "open", "arrival", "poisson", "rate", "2000"});
        Path file = dir.resolve("run.trace");
        TraceRecorder recorder = TraceRecorder.start("--record-ops", file, TraceFileTest.HEADER);
        run(cfg, cfg.workload().create(new VirtualClock(), OptionalLong.of(OPS)), recorder, OPS);
        assertEquals(new TraceEnd(OPS, 0, false), recorder.finish(false));
        List<TraceRecord> recorded = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(file)) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                recorded.add(r);
            }
        }
        recorded.sort(Comparator.comparingLong(TraceRecord::intendedStartNanos));

        for (double speed : new double[] {1, 2, 0.5}) {
            Kept replayed = replay(file, speed);
            List<Told> got = replayed.byIntendedStart();
            assertEquals(OPS, got.size());
            for (int i = 0; i < OPS; i++) {
                TraceRecord want = recorded.get(i);
                Told t = got.get(i);
                assertEquals(want.operation() + " " + want.key() + " @" + Math.round(want.intendedStartNanos() / speed),
                        t.name() + " " + t.key() + " @" + t.intended(), "speed " + speed + ", operation " + i);
            }
        }
    }

    @Test
    void replay_writesTheRecordedFieldsAndBytes() throws Exception {
        RunConfig cfg = config(new String[] {"model", "open", "arrival", "constant", "rate", "1000"});
        Path file = dir.resolve("sizes.trace");
        TraceRecorder recorder = TraceRecorder.start("--record-ops", file, TraceFileTest.HEADER);
        run(cfg, cfg.workload().create(new VirtualClock(), OptionalLong.of(OPS)), recorder, OPS);
        recorder.finish(false);
        ReplaySchedule schedule = ReplaySchedule.load(file, TraceFileFormat.AUTO, 1);
        WorkloadClient client = new ReplayWorkload(schedule, "field").newClient(0, 1, 7);
        int writes = 0;
        for (TraceRecord r : schedule.operations()) {
            Operation op = client.nextOperation();
            assertNotNull(op);
            OperationTarget t = op.target();
            assertEquals(List.of(r.table(), r.key(), r.fieldCount(), r.bytes(), r.scanLength()),
                    List.of(t.table(), t.key(), t.fieldCount(), t.bytes(), t.scanLength()));
            if (r.operation().equals("UPDATE") || r.operation().equals("INSERT")) {
                writes++;
            }
        }
        assertTrue(writes > 100, "the mix writes: " + writes);
    }

    private Kept replay(Path file, double speed) throws Exception {
        TraceSummary summary = TraceSummary.of(file, TraceFileFormat.AUTO, speed);
        RunConfig cfg = TestConfigs.run("workload", "trace", "trace.file", file.toString(), "trace.speed",
                String.valueOf(speed), "model", "open", "rate", String.valueOf(summary.meanRatePerSec()),
                "operationcount", String.valueOf(summary.operations()));
        Kept log = new Kept();
        run(cfg, cfg.workload().create(new VirtualClock(), OptionalLong.of(summary.operations())), log,
                summary.operations());
        return log;
    }
}
