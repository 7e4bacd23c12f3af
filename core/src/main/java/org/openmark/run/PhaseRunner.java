package org.openmark.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.load.ClosedModel;
import org.openmark.load.Gauges;
import org.openmark.load.LoadModel;
import org.openmark.load.MeasuredWindow;
import org.openmark.load.OpenModel;
import org.openmark.load.OperationLog;
import org.openmark.load.PhaseContext;
import org.openmark.load.PhaseOutcome;
import org.openmark.load.RunLimits;
import org.openmark.load.ScheduleStats;
import org.openmark.measure.Channel;
import org.openmark.measure.Measurements;
import org.openmark.measure.Outage;
import org.openmark.measure.Totals;
import org.openmark.output.IntervalSink;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workload;

/**
 * Runs one phase with a load model: starts the interval collector, lets the model issue the
 * operations, takes the final interval, and builds the {@link RunResult} with the self-check.
 */
public final class PhaseRunner {
    /** Intervals and records per interval of {@link IntervalPathWarmUp} before a real-time phase. */
    private static final int WARM_UP_ROUNDS = 40;
    private static final int WARM_UP_RECORDS = 5_000;

    private final Clock clock;
    private final Tasks tasks;
    private final StopSignal stop;
    private final PrintStream status;

    /**
     * @param status where live status lines go, or null for none
     */
    public PhaseRunner(Clock clock, Tasks tasks, StopSignal stop, PrintStream status) {
        this.clock = clock;
        this.tasks = tasks;
        this.stop = stop;
        this.status = status;
    }

    /**
     * Runs the phase.
     *
     * @param operationCount operations to issue (0 = until the duration ends)
     * @param sinks interval outputs (HDR log, time series); closed by the caller
     */
    public RunResult run(RunConfig cfg, LoadModel model, Workload workload, Store store, long operationCount,
            Duration duration, List<IntervalSink> sinks) throws InterruptedException {
        return run(cfg, model, workload, store, operationCount, duration, sinks, PhaseHooks.NONE.gate());
    }

    /** How long a result waits for the store to describe itself again after the phase. */
    private static final Duration AFTER_PHASE_FACTS_LIMIT = Duration.ofSeconds(1);

    private static Map<String, String> afterPhase(Map<String, String> before, Map<String, String> after) {
        Map<String, String> merged = new java.util.TreeMap<>(before);
        merged.putAll(after);
        return merged;
    }

    /**
     * Runs the phase once {@code gate} lets it start.
     *
     * @param gate waited at just before the phase's start time is taken
     */
    public RunResult run(RunConfig cfg, LoadModel model, Workload workload, Store store, long operationCount,
            Duration duration, List<IntervalSink> sinks, PhaseHooks.StartGate gate) throws InterruptedException {
        return run(cfg, model, workload, store, operationCount, duration, sinks, gate, OperationLog.NONE);
    }

    /**
     * Runs the phase once {@code gate} lets it start, telling {@code log} every operation that ended.
     *
     * @param log the operation log ({@code --record-ops}), or {@link OperationLog#NONE}
     */
    public RunResult run(RunConfig cfg, LoadModel model, Workload workload, Store store, long operationCount,
            Duration duration, List<IntervalSink> sinks, PhaseHooks.StartGate gate, OperationLog log)
            throws InterruptedException {
        if (tasks.realTime()) {
            IntervalPathWarmUp.runOnce(WARM_UP_ROUNDS, WARM_UP_RECORDS);
        }
        // Asked before the phase, while the store answers (the pre-flight made the binding learn
        // them): after it, a store that hangs would hold the report for its driver's timeout.
        Map<String, String> facts = StoreFacts.ask(store, StoreFacts.LIMIT, tasks.realTime());
        MachineFloor.Plan floorPlan = floorPlan(cfg, model, operationCount, duration, gate);
        Histogram floorBefore = MachineFloor.sample(clock, floorPlan, stop);
        Measurements measurements = new Measurements(cfg.thresholds().stallAfter());
        Gauges gauges = new Gauges();
        for (IntervalSink sink : sinks) {
            sink.watchStore(store);
            sink.phaseStarted(gauges);
        }
        RunLimits limits = new RunLimits(operationCount, duration, cfg.grace(),
                duration.isZero() ? cfg.loadStallTimeout() : Duration.ZERO);
        // The model opens the window once its own preparation is done: that is the phase's start.
        PhaseWindow window = new PhaseWindow(cfg, clock, tasks, gate, new PhaseWindow.Collecting(measurements, gauges,
                sinks, cfg.output().quiet() ? null : status,
                new StatusLine(StatusLine.Latency.of(model instanceof OpenModel, cfg.pacedClosedRun())),
                operationCount, limits), workload.missingRecords());
        PhaseOutcome outcome;
        try {
            // The log's times count from the window's opening, as every output's do.
            MeasuredWindow logged = log == OperationLog.NONE ? window : () -> {
                long opened = window.open();
                log.opened(opened);
                return opened;
            };
            outcome = model.run(new PhaseContext(workload, store, measurements, clock, cfg.seed(), limits, stop, tasks,
                    gauges, logged, log));
        } finally {
            window.stopTicking();
        }
        window.open(); // a model that issued nothing may not have opened it
        window.stopTicking();
        IntervalCollector collector = window.collector();
        GcPauses gc = window.gc();
        long startNanos = window.startNanos();
        long startMillis = window.startMillis();
        long warmupEnd = window.warmupEndNanos();
        long cpuBefore = window.cpuBefore();
        collector.collectFinal();
        long endNanos = clock.nanoTime();
        long cpuAfter = ProcessCpu.cpuNanos();
        // Facts counted during the phase (a YCSB binding's own statuses) are read again, briefly:
        // bindings answer from memory, and one whose server hangs keeps what it said before.
        facts = afterPhase(facts, StoreFacts.ask(store, AFTER_PHASE_FACTS_LIMIT, tasks.realTime()));
        // The floor's second sample, after the phase's end (outside its span): how late the machine was then.
        MachineFloor floor = MachineFloor.of(floorPlan, floorBefore, MachineFloor.sample(clock, floorPlan, stop));
        Totals totals = collector.totals();

        List<String> warnings = new ArrayList<>(outcome.warnings());
        warnings.addAll(collector.sinkErrors());
        List<String> notes = new ArrayList<>();
        boolean valid = true;
        long measuredStart = Math.min(Math.max(startNanos, warmupEnd), endNanos);
        double runtimeSeconds = Math.max(1e-9, (endNanos - measuredStart) / 1e9);
        ScheduleReport schedule = null;
        ScheduleStats stats = outcome.schedule();
        boolean interrupted = stop.isStopped();
        if (stats != null) {
            double issueSeconds = Math.max(1e-9, (outcome.endNanos() - outcome.startNanos()) / 1e9);
            // The drawn schedule's rate needs two intended starts; with fewer, the target stands in.
            double scheduledRate = stats.issued() >= 2 && stats.scheduledSpanNanos() > 0
                    ? stats.issued() / (stats.scheduledSpanNanos() / 1e9)
                    : stats.targetRatePerSec();
            schedule = new ScheduleReport(stats.targetRatePerSec(), scheduledRate,
                    stats.issued() / issueSeconds, totals.sendLag(),
                    stats.waitedForSlot(), stats.slotWaitNanos() / 1e6, stats.dropped(), stats.sessions(),
                    stats.maxInFlight()).withMachineFloor(floor);
            if (interrupted && stats.issued() < 2) {
                // Nothing was scheduled before the stop: there is no schedule to have kept.
                notes.add("the run was interrupted before its schedule began: the generator is not judged");
            } else {
                valid = Verdicts.generator(cfg, schedule, new Verdicts.LagByCause(collector.lagOutsideStoreTrouble(),
                        collector.lagInStoreTrouble(), collector.troubledIntervals(), collector.lagAtStartUp()),
                        Verdicts.Latencies.of(percentile(totals.response(), 50), responseP99(totals),
                                percentile(totals.service(), 50), percentile(totals.service(), 99)),
                        storeSpeed(measurements, totals), new Verdicts.Issuing(stats.issued(), issueSeconds,
                                (measuredStart - startNanos) / 1e9, runtimeSeconds), warnings, notes);
            }
            if (!valid && gc != null && gc.count() > 0) {
                notes.add(gc.describe());
            }
        }
        List<Outage> outages = new ArrayList<>(collector.outages());
        outages.addAll(measurements.stalls(startNanos, endNanos));
        outages.sort(java.util.Comparator.comparingDouble(Outage::fromSeconds));
        if (tasks.realTime() && cpuBefore >= 0 && cpuAfter >= 0) {
            double busy = (cpuAfter - cpuBefore) / ((endNanos - startNanos) * (double) ProcessCpu.cores());
            if (busy > 0.9 && stats != null) {
                warnings.add(String.format(Locale.ROOT,
                        "the load process used %.0f%% of all CPU cores: the generator may have limited this run", busy * 100));
            }
        }
        Accounting accounting = ResultBuilder.accounting(measurements.issued(), totals,
                stats == null ? 0 : stats.dropped());
        if (!accounting.addsUp()) {
            warnings.add("the accounting does not add up: " + accounting);
            valid = false;
        }
        valid &= Verdicts.store(cfg, accounting, outages, (measuredStart - startNanos) / 1e9,
                (endNanos - startNanos) / 1e9, warnings, notes);
        if (outcome.gaveUp() != null) {
            valid = false;
        }
        if (interrupted) {
            valid = false;
            notes.add("interrupted: the run was stopped before its end");
        }
        Histogram unfinished = measurements.unfinished();
        double throughput = totals.measuredCompleted() / runtimeSeconds;
        boolean allInWarmUp = !interrupted && accounting.warmUp() > 0 && totals.measuredCompleted() == 0;
        if (allInWarmUp) {
            // An operation budget the warm-up used up leaves nothing to judge or report: not a result.
            warnings.add(String.format(Locale.ROOT, "nothing was measured: all %,d operations ended inside the"
                    + " warm-up (--warmup %s), so the run has no latencies and no throughput; give it more"
                    + " operations (-p operationcount) or a shorter warm-up", accounting.warmUp(),
                    org.openmark.config.Durations.format(cfg.warmup())));
            valid = false;
        }
        if (cfg.phase() == Phase.RUN && !interrupted && !allInWarmUp) {
            double pacedRate = model instanceof ClosedModel closed ? closed.pacedRate() : 0;
            Verdicts.keptUp(schedule, pacedRate, throughput, collector.troubledIntervals(), notes);
        }
        if (endNanos == measuredStart && totals.measuredCompleted() > 0) {
            // Only virtual time can stand still while operations complete: they took no time at all.
            throughput = 0;
            if (outcome.gaveUp() == null) { // a phase given up for it says so already
                warnings.add(String.format(Locale.ROOT, "no time passed in the run: its %,d operations were all"
                        + " answered at the same instant of virtual time (the store's calls take no time, and the"
                        + " clients wait for nothing else), so it has no throughput; 0 ops/s is reported",
                        totals.measuredCompleted()));
            }
        }
        return new RunResult(OpenmarkVersion.current(), cfg.seed(), cfg.seedChosen(), cfg.phase(), model.spec(),
                cfg.pacedClosedRun(),
                model instanceof OpenModel, cfg.store(), facts, ResultBuilder.maskedConfig(cfg.recordedProperties()),
                startMillis, Math.round(runtimeSeconds * 1000), throughput, ResultBuilder.operations(totals),
                accounting, schedule, unfinished, warnings, notes, valid, interrupted, null, cfg.output().percentiles(),
                sections(measurements, gc), List.of(), outages,
                List.of(), cfg.output().form());
    }

    /** The phase's own sections: why the store failed, and the harness's GC pauses (real time). */
    private static List<org.openmark.workload.ReportSection> sections(Measurements measurements, GcPauses gc) {
        List<org.openmark.workload.ReportSection> out = new ArrayList<>(
                org.openmark.measure.ErrorCauses.section(measurements.errorCauses().causes()));
        if (gc != null) {
            out.add(gc.section());
        }
        return out;
    }

    /**
     * What the machine's wake-up floor measures around an open-model phase in real time: nothing
     * in virtual time (no machine to be late, and runs stay byte-exact), nor in a cluster worker
     * (its phase starts at the coordinator's instant, which a floor of up to a second could miss).
     */
    private MachineFloor.Plan floorPlan(RunConfig cfg, LoadModel model, long operationCount, Duration duration,
            PhaseHooks.StartGate gate) {
        if (!(model instanceof OpenModel) || !(cfg.model() instanceof Model.Open open)) {
            return MachineFloor.none("not an open-model run");
        }
        if (!tasks.realTime()) {
            return MachineFloor.none(MachineFloor.VIRTUAL_TIME.why());
        }
        if (gate != PhaseHooks.NONE.gate()) {
            return MachineFloor.none("a cluster worker: its phase starts at the coordinator's instant");
        }
        double rate = open.schedule().meanRate(duration.isZero() ? open.schedule().naturalLength().toNanos()
                : duration.toNanos());
        if (!(rate > 0)) {
            rate = open.schedule().rateAt(0);
        }
        Duration planned = !duration.isZero() ? duration
                : operationCount > 0 && rate > 0 ? Duration.ofNanos((long) (operationCount / rate * 1e9))
                : Duration.ZERO;
        return MachineFloor.planFor(rate > 0 ? rate : MachineFloor.LEAST_RATE, planned);
    }

    /**
     * The store's service time before any backlog could build: the median of the phase's first
     * operations (the open model's), else the median of all.
     */
    private static long storeSpeed(Measurements measurements, Totals totals) {
        long first = measurements.firstServiceTimes().medianMicros();
        return first > 0 ? first : serviceP50(totals);
    }

    private static long serviceP50(Totals totals) {
        return percentile(totals.service(), 50);
    }

    /** The response-time p99 of every measured operation, all statuses (microseconds; 0 when none). */
    private static long responseP99(Totals totals) {
        return percentile(totals.response(), 99);
    }

    /** A percentile of the operations' channels together, inner calls left out; 0 when there are none. */
    private static long percentile(Map<Channel, Histogram> byChannel, double percentile) {
        Histogram all = Measurements.newHistogram();
        byChannel.forEach((c, h) -> {
            if (!c.inner()) {
                all.add(h);
            }
        });
        return all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(percentile);
    }
}
