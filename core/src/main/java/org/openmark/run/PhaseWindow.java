package org.openmark.run;

import java.io.PrintStream;
import java.util.List;
import org.openmark.api.Clock;
import org.openmark.load.Gauges;
import org.openmark.load.MeasuredWindow;
import org.openmark.load.RunLimits;
import org.openmark.measure.Measurements;
import org.openmark.output.IntervalSink;
import org.openmark.timing.Tasks;
import org.openmark.workload.MissingRecords;

/**
 * A phase's measured window as {@link PhaseRunner} keeps it: the load model opens it when its
 * own preparation (workers, their sessions, the warm-up of its hand-off path) is done. Opening it
 * waits at the phase's start gate (so the workers of a cluster run start together, each warmed
 * up), takes the start on both clocks, and starts the interval collector; nothing before it is
 * in an interval, the stalls or the run's span.
 */
final class PhaseWindow implements MeasuredWindow {
    /** What the collector of the window is made of. */
    record Collecting(Measurements measurements, Gauges gauges, List<IntervalSink> sinks, PrintStream status,
            StatusLine line, long operationCount, RunLimits limits) {
    }

    private final RunConfig cfg;
    private final Clock clock;
    private final Tasks tasks;
    private final PhaseHooks.StartGate gate;
    private final Collecting collecting;
    /** What the reads of loaded records found, counted from the window's warm-up end; or null. */
    private final MissingRecords missingRecords;
    private boolean opened;
    private long startNanos;
    private long startMillis;
    private long cpuBefore;
    private GcPauses gc;
    private boolean gcClosed;
    private IntervalCollector collector;
    private Thread ticker;

    PhaseWindow(RunConfig cfg, Clock clock, Tasks tasks, PhaseHooks.StartGate gate, Collecting collecting,
            MissingRecords missingRecords) {
        this.cfg = cfg;
        this.clock = clock;
        this.tasks = tasks;
        this.gate = gate;
        this.collecting = collecting;
        this.missingRecords = missingRecords;
    }

    @Override
    public synchronized long open() throws InterruptedException {
        if (opened) {
            return startNanos;
        }
        gate.awaitStart();
        gc = tasks.realTime() ? GcPauses.listen() : null;
        startNanos = clock.nanoTime();
        startMillis = clock.currentTimeMillis();
        cpuBefore = ProcessCpu.cpuNanos();
        if (missingRecords != null) {
            missingRecords.measureFrom(startNanos, warmupEndNanos());
        }
        Collecting c = collecting;
        c.measurements().errorCauses().countFrom(warmupEndNanos());
        collector = new IntervalCollector(c.measurements(), clock, c.gauges(), c.sinks(), c.status(), c.line(),
                startNanos, warmupEndNanos(), c.operationCount(), c.limits().deadlineNanos(startNanos));
        collector.started(startMillis);
        IntervalCollector ticking = collector;
        ticker = tasks.startBackground("openmark-status", () -> ticking.tick(cfg.granularity().toNanos(),
                cfg.output().statusInterval().toNanos()));
        opened = true;
        return startNanos;
    }

    /** Stops collecting in the background (the phase then takes its final interval itself). */
    synchronized void stopTicking() throws InterruptedException {
        if (ticker != null) {
            ticker.interrupt();
            ticker.join();
            ticker = null;
        }
        if (gc != null && !gcClosed) {
            gc.close();
            gcClosed = true;
        }
    }

    synchronized boolean opened() {
        return opened;
    }

    synchronized long startNanos() {
        return startNanos;
    }

    synchronized long startMillis() {
        return startMillis;
    }

    synchronized long warmupEndNanos() {
        return startNanos + cfg.warmup().toNanos();
    }

    synchronized long cpuBefore() {
        return cpuBefore;
    }

    /** The JVM's collections during the window (real time), or null. */
    synchronized GcPauses gc() {
        return gc;
    }

    synchronized IntervalCollector collector() {
        return collector;
    }
}
