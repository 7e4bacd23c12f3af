package org.openmark.event;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.openmark.api.Clock;

/**
 * Runs the actions of a run ({@code --event AT:COMMAND}) at their times after the measured start,
 * and records when each started and ended and how.
 *
 * <p>Implementation notes: one thread starts the commands in time order, parked on the clock
 * until each is due; each started command gets a thread that waits for its end. {@link #finish}
 * (the run ended) stops the starter, so commands not yet due never run, and gives running ones a
 * bounded wait; a command still running then is left running (killing an {@code add-node} half
 * way would leave the system under test broken) and reported as such. Every recorded time comes
 * from the clock, so a test drives the schedule with a clock of its own and a fake launcher.
 */
public final class EventSchedule {
    private final List<EventSpec> specs;
    private final Clock clock;
    private final CommandLauncher launcher;
    private final Path outputDir;
    private final Slot[] slots;
    private Thread starter;
    private long measuredStartNanos;
    /** Where the reported times count from: the phase's start, as every other time in the results. */
    private long runStartNanos;
    private volatile boolean ended;
    private Watcher watcher;

    /** What is known of one event; guarded by the schedule's lock. */
    private static final class Slot {
        long startNanos = -1;
        long endNanos = -1;
        Integer exitCode;
        String output;
        String failure;
        Thread waiter;
    }

    /**
     * @param outputDir where each command's output goes ({@code event-N.log}), or null to discard it
     */
    public EventSchedule(List<EventSpec> specs, Clock clock, CommandLauncher launcher, Path outputDir) {
        this.specs = List.copyOf(specs);
        this.clock = clock;
        this.launcher = launcher;
        this.outputDir = outputDir;
        this.slots = new Slot[this.specs.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot();
        }
    }

    /** True when there is nothing to run. */
    public boolean isEmpty() {
        return specs.isEmpty();
    }

    /**
     * Starts the schedule at the phase's start ({@code runStartNanos}, the clock's time): every
     * event is due its {@code AT} after the measured start, {@code warmUpNanos} later; the times
     * reported count from the phase's start, as the outages, timeseries.csv and latency.hlog do.
     */
    public synchronized void start(long runStartNanos, long warmUpNanos) {
        if (starter != null || specs.isEmpty()) {
            return;
        }
        this.runStartNanos = runStartNanos;
        this.measuredStartNanos = runStartNanos + warmUpNanos;
        starter = new Thread(this::runInOrder, "openmark-events");
        starter.setDaemon(true);
        starter.start();
    }

    private void runInOrder() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing((Integer i) -> specs.get(i).at()).thenComparing(i -> i));
        for (int i : order) {
            try {
                clock.parkUntil(measuredStartNanos + specs.get(i).at().toNanos());
            } catch (InterruptedException e) {
                return; // the run ended: what was not due yet does not run
            }
            if (ended) {
                return;
            }
            launch(i);
        }
    }

    private void launch(int i) {
        Slot slot = slots[i];
        Path output = null;
        try {
            if (outputDir != null) {
                Files.createDirectories(outputDir);
                output = outputDir.resolve("event-" + (i + 1) + ".log");
            }
            CommandLauncher.Running running;
            synchronized (this) {
                slot.startNanos = clock.nanoTime();
                slot.output = output == null ? null : output.toString();
            }
            running = launcher.start(specs.get(i).command(), output);
            tell(w -> w.started(i + 1, specs.get(i)));
            Thread waiter = new Thread(() -> awaitEnd(i, slot, running), "openmark-event-" + (i + 1));
            waiter.setDaemon(true);
            synchronized (this) {
                slot.waiter = waiter;
            }
            waiter.start();
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                slot.endNanos = clock.nanoTime();
                slot.failure = "could not start: " + e.getMessage();
            }
        }
    }

    private void awaitEnd(int i, Slot slot, CommandLauncher.Running running) {
        try {
            Integer code = null;
            while (code == null) {
                code = running.awaitExit(Duration.ofSeconds(1).toNanos());
            }
            synchronized (this) {
                slot.exitCode = code;
                slot.endNanos = clock.nanoTime();
            }
            tell(w -> w.ended(i + 1, specs.get(i)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the schedule gave up waiting: still running
        }
    }

    /** Who hears of each event as it starts and ends (live metrics); a watcher's failure stops nothing. */
    public interface Watcher {
        /** Event {@code number} (1 for the first given) has just started. */
        void started(int number, EventSpec spec);

        /** Event {@code number}'s command has just ended. */
        void ended(int number, EventSpec spec);
    }

    /** Tells {@code w} of each event from now on (before {@link #start}). */
    public synchronized void watch(Watcher w) {
        this.watcher = w;
    }

    private void tell(java.util.function.Consumer<Watcher> news) {
        Watcher w;
        synchronized (this) {
            w = watcher;
        }
        if (w != null) {
            try {
                news.accept(w);
            } catch (RuntimeException e) {
                // live figures are a view of the run; the action itself went on
            }
        }
    }

    /**
     * The run ended: nothing more starts; running commands get up to {@code wait} to end. Returns
     * every event's outcome, in the order they were given.
     */
    public List<EventOutcome> finish(Duration wait) throws InterruptedException {
        long endedAt;
        Thread started;
        synchronized (this) {
            ended = true;
            endedAt = clock.nanoTime();
            started = starter;
        }
        if (started != null) {
            started.interrupt();
            started.join(); // a command it was starting is started (or has failed) when it ends
        }
        List<Thread> waiters = new ArrayList<>();
        synchronized (this) {
            for (Slot s : slots) {
                if (s.waiter != null) {
                    waiters.add(s.waiter);
                }
            }
        }
        long deadline = clock.nanoTime() + wait.toNanos();
        for (Thread w : waiters) {
            w.join(Math.max(1, (deadline - clock.nanoTime()) / 1_000_000));
        }
        List<EventOutcome> outcomes = new ArrayList<>();
        synchronized (this) {
            for (int i = 0; i < specs.size(); i++) {
                outcomes.add(outcome(i, endedAt));
            }
        }
        return outcomes;
    }

    private EventOutcome outcome(int i, long endedAt) {
        Slot s = slots[i];
        EventSpec spec = specs.get(i);
        if (s.startNanos < 0) {
            String when = starter == null ? "the run ended before its measured start"
                    : String.format(java.util.Locale.ROOT, "the run ended at %.1f s, before its time",
                            seconds(endedAt));
            return new EventOutcome(spec, Double.NaN, Double.NaN, null, null, "not run: " + when);
        }
        double start = seconds(s.startNanos);
        if (s.failure != null) {
            return new EventOutcome(spec, start, seconds(s.endNanos), null, s.output, s.failure);
        }
        if (s.endNanos < 0) {
            return new EventOutcome(spec, start, Double.NaN, null, s.output,
                    "still running when the run ended (left running)");
        }
        return new EventOutcome(spec, start, seconds(s.endNanos), s.exitCode, s.output, null);
    }

    private double seconds(long nanos) {
        return (nanos - runStartNanos) / 1e9;
    }
}
