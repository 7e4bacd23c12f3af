package org.openmark.run;

import java.time.Duration;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.timing.StopSignal;
import org.openmark.timing.TimerSlack;
import org.openmark.timing.WakeUpFloor;

/**
 * The machine's own wake-up floor, measured just before and just after an open-model phase in
 * real time: the send lag of an ideal scheduler that does no work ({@link WakeUpFloor}), so that a
 * reader (and the generator's verdict) can tell whether the machine or the harness was late.
 *
 * <p>Why before and after the phase and not during it: measured beside the run, a second
 * timekeeping thread would take turns at the same cores as the run's own (two here), so it would
 * both disturb the issuing it is meant to judge and measure the run's load rather than the
 * machine's. Two samples bracket the run, so a machine whose load changed during it shows in one
 * of them. They cost wall time only: a tenth of the planned run in all, at most {@link #LONGEST}
 * (half before, half after; none for a run planned shorter than {@link #SHORTEST_RUN}), one core
 * busy only while it wakes up.
 *
 * @param measured false when no floor was measured ({@link #why} says why)
 * @param why why it was not measured, empty when it was
 * @param ratePerSec the ideal scheduler's Poisson rate
 * @param seconds how long its lag was recorded, both samples together
 * @param arrivals how many arrivals it recorded
 * @param p50Micros its send-lag median, both samples together
 * @param p99Micros its send-lag p99, both samples together
 * @param maxMicros its longest send lag
 * @param p99BeforeMicros the p99 of the sample before the run
 * @param p99AfterMicros the p99 of the sample after it, or -1 when none was taken (the run was stopped)
 */
public record MachineFloor(boolean measured, String why, double ratePerSec, double seconds, long arrivals,
        long p50Micros, long p99Micros, long maxMicros, long p99BeforeMicros, long p99AfterMicros) {

    /** The longest floor measurement, both samples together. */
    static final Duration LONGEST = Duration.ofSeconds(2);
    /** The share of the planned run the floor may take. */
    static final double SHARE_OF_THE_RUN = 0.1;
    /** A run planned shorter than this gets no floor (it would be shorter than {@link #SHORTEST}). */
    static final Duration SHORTEST_RUN = Duration.ofSeconds(5);
    static final Duration SHORTEST = Duration.ofMillis(500);
    /** The start of each sample that is not recorded: the thread started, the loop on its way. */
    static final Duration WARM_UP = Duration.ofMillis(100);
    /**
     * The least rate the floor is measured at: its p99 then rests on hundreds of wake-ups; a lower
     * rate of the run would make it a handful (each wake-up is the same thing measured: how late a
     * parked thread wakes).
     */
    static final double LEAST_RATE = 1000;
    /** Its arrivals' seed: fixed, the floor is a property of the machine, not of the run's seed. */
    private static final long SEED = 1;

    public MachineFloor {
        why = why == null ? "" : why;
    }

    /** A floor that was not measured, and why. */
    public static MachineFloor notMeasured(String why) {
        return new MachineFloor(false, why, 0, 0, 0, 0, 0, 0, 0, -1);
    }

    /** Virtual time has no machine to be late: the floor is not measured, so runs stay byte-exact. */
    static final MachineFloor VIRTUAL_TIME = notMeasured("virtual time");

    /**
     * What a phase's floor measures: two samples of {@code eachSample} (the first {@link #WARM_UP}
     * of each not recorded) at {@code ratePerSec}; a zero length when none is taken, and why.
     */
    record Plan(double ratePerSec, Duration eachSample, String whyNot) {

        boolean measures() {
            return !eachSample.isZero();
        }

        Duration recordedEach() {
            return eachSample.minus(WARM_UP);
        }
    }

    /** The floor's plan for an open-model phase at {@code ratePerSec} planned for {@code plannedRun}. */
    static Plan planFor(double ratePerSec, Duration plannedRun) {
        Duration length = lengthFor(plannedRun);
        if (length.isZero()) {
            return new Plan(0, Duration.ZERO, String.format(Locale.ROOT, "the run is planned for less than %d s",
                    SHORTEST_RUN.toSeconds()));
        }
        return new Plan(Math.max(LEAST_RATE, ratePerSec), length.dividedBy(2), "");
    }

    /** A plan that measures nothing, and why. */
    static Plan none(String why) {
        return new Plan(0, Duration.ZERO, why);
    }

    /**
     * How long the floor is measured, both samples together, for a run planned for {@code
     * plannedRun} (zero when its length is not known: an operation count at an unknown rate): a
     * tenth of it, at most {@link #LONGEST}; zero when that is below {@link #SHORTEST}.
     */
    static Duration lengthFor(Duration plannedRun) {
        if (plannedRun.isZero()) {
            return LONGEST;
        }
        Duration tenth = Duration.ofNanos((long) (plannedRun.toNanos() * SHARE_OF_THE_RUN));
        if (tenth.compareTo(SHORTEST) < 0) {
            return Duration.ZERO;
        }
        return tenth.compareTo(LONGEST) > 0 ? LONGEST : tenth;
    }

    /**
     * Takes one sample of the plan on a thread of its own whose timer slack is tightened as the
     * open model's timekeepers' are; null when the plan measures nothing or the run was stopped.
     */
    static Histogram sample(Clock clock, Plan plan, StopSignal stop) throws InterruptedException {
        if (!plan.measures() || stop.isStopped()) {
            return null;
        }
        WakeUpFloor.Plan p = new WakeUpFloor.Plan(plan.ratePerSec(), WARM_UP, plan.recordedEach(), 0, SEED);
        Histogram[] lag = new Histogram[1];
        Thread t = Thread.ofPlatform().name("openmark-machine-floor").start(() -> {
            TimerSlack.tightenThisThread();
            try {
                lag[0] = WakeUpFloor.measure(clock, p, stop::isStopped);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            t.join();
        } catch (InterruptedException e) {
            t.interrupt();
            throw e;
        }
        return stop.isStopped() ? null : lag[0];
    }

    /** The floor from the samples taken before and after the run (either null when not taken). */
    static MachineFloor of(Plan plan, Histogram before, Histogram after) {
        if (!plan.measures()) {
            return notMeasured(plan.whyNot());
        }
        if (before == null || before.getTotalCount() == 0) {
            return notMeasured("interrupted");
        }
        Histogram both = before.copy();
        boolean afterTaken = after != null && after.getTotalCount() > 0;
        if (afterTaken) {
            both.add(after);
        }
        double seconds = plan.recordedEach().toNanos() / 1e9 * (afterTaken ? 2 : 1);
        return new MachineFloor(true, "", plan.ratePerSec(), seconds, both.getTotalCount(),
                both.getValueAtPercentile(50), both.getValueAtPercentile(99), both.getMaxValue(),
                before.getValueAtPercentile(99), afterTaken ? after.getValueAtPercentile(99) : -1);
    }

    /** The worse of the two samples' p99s: how late the machine was around the run. */
    long worseP99Micros() {
        return Math.max(p99BeforeMicros, p99AfterMicros);
    }

    /** One line for a verdict: the floor's p99 before and after the run, or why it was not measured. */
    String describe() {
        if (!measured) {
            return "the machine's own wake-up floor was not measured (" + why + ")";
        }
        String after = p99AfterMicros >= 0 ? String.format(Locale.ROOT, " and %d us just after it", p99AfterMicros)
                : " (none after it: the run was stopped)";
        return String.format(Locale.ROOT, "the machine's own wake-up floor p99 was %d us just before the run%s (an"
                + " ideal scheduler doing no work, %.0f/s)", p99BeforeMicros, after, ratePerSec);
    }
}
