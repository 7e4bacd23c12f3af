package org.openmark.run;

import java.time.Duration;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.timing.StopSignal;
import org.openmark.timing.TimerSlack;
import org.openmark.timing.WakeUpFloor;

/**
 * The machine's own wake-up floor, measured just before an open-model phase in real time: the
 * send lag of an ideal scheduler that does no work ({@link WakeUpFloor}), so that a reader (and
 * the generator's verdict) can tell whether the machine or the harness was late.
 *
 * <p>Why before the phase and not during it: measured beside the run, a second timekeeping thread
 * would take turns at the same cores as the run's own (two here), so it would both disturb the
 * issuing it is meant to judge and measure the run's load rather than the machine's. Before the
 * phase it costs wall time only: a tenth of the planned run, at most {@link #LONGEST} (none for a
 * run planned shorter than {@link #SHORTEST_RUN}), one core busy only while it wakes up.
 *
 * @param measured false when no floor was measured ({@link #why} says why)
 * @param why why it was not measured, empty when it was
 * @param ratePerSec the ideal scheduler's Poisson rate
 * @param seconds how long its lag was recorded
 * @param arrivals how many arrivals it recorded
 * @param p50Micros its send-lag median
 * @param p99Micros its send-lag p99
 * @param maxMicros its longest send lag
 */
public record MachineFloor(boolean measured, String why, double ratePerSec, double seconds, long arrivals,
        long p50Micros, long p99Micros, long maxMicros) {

    /** The longest floor measurement. */
    static final Duration LONGEST = Duration.ofSeconds(2);
    /** The share of the planned run the floor may take. */
    static final double SHARE_OF_THE_RUN = 0.1;
    /** A run planned shorter than this gets no floor (it would be shorter than {@link #SHORTEST}). */
    static final Duration SHORTEST_RUN = Duration.ofSeconds(5);
    static final Duration SHORTEST = Duration.ofMillis(500);
    /** The start of the floor's time that is not recorded: its loop is compiled then. */
    static final Duration WARM_UP = Duration.ofMillis(250);
    /**
     * The least rate the floor is measured at: its p99 then rests on at least a thousand or so
     * wake-ups; a lower rate of the run would make it a handful (each wake-up is the same
     * thing measured: how late a parked thread wakes).
     */
    static final double LEAST_RATE = 1000;
    /** Its arrivals' seed: fixed, the floor is a property of the machine, not of the run's seed. */
    private static final long SEED = 1;

    public MachineFloor {
        why = why == null ? "" : why;
    }

    /** A floor that was not measured, and why. */
    public static MachineFloor notMeasured(String why) {
        return new MachineFloor(false, why, 0, 0, 0, 0, 0, 0);
    }

    /** Virtual time has no machine to be late: the floor is not measured, so runs stay byte-exact. */
    static final MachineFloor VIRTUAL_TIME = notMeasured("virtual time");

    /** A floor measured from its send-lag histogram (microseconds). */
    public static MachineFloor of(Histogram lagMicros, double ratePerSec, double seconds) {
        if (lagMicros.getTotalCount() == 0) {
            return notMeasured("no arrival was recorded");
        }
        return new MachineFloor(true, "", ratePerSec, seconds, lagMicros.getTotalCount(),
                lagMicros.getValueAtPercentile(50), lagMicros.getValueAtPercentile(99), lagMicros.getMaxValue());
    }

    /**
     * How long the floor is measured before a run planned for {@code plannedRun} (zero when its
     * length is not known: an operation count at an unknown rate): a tenth of it, at most {@link
     * #LONGEST}; zero when that is below {@link #SHORTEST}.
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
     * Measures the floor for an open-model phase at {@code ratePerSec} planned for {@code
     * plannedRun}, on a thread of its own whose timer slack is tightened as the open model's
     * timekeepers' are. Returns at once with a floor "not measured" when the run is too short.
     */
    static MachineFloor measureBefore(Clock clock, double ratePerSec, Duration plannedRun, StopSignal stop)
            throws InterruptedException {
        Duration length = lengthFor(plannedRun);
        if (length.isZero()) {
            return notMeasured(String.format(Locale.ROOT, "the run is planned for less than %d s",
                    SHORTEST_RUN.toSeconds()));
        }
        double rate = Math.max(LEAST_RATE, ratePerSec);
        Duration recorded = length.minus(WARM_UP);
        WakeUpFloor.Plan plan = new WakeUpFloor.Plan(rate, WARM_UP, recorded, 0, SEED);
        Histogram[] lag = new Histogram[1];
        InterruptedException[] interrupted = new InterruptedException[1];
        Thread t = Thread.ofPlatform().name("openmark-machine-floor").start(() -> {
            TimerSlack.tightenThisThread();
            try {
                lag[0] = WakeUpFloor.measure(clock, plan, stop::isStopped);
            } catch (InterruptedException e) {
                interrupted[0] = e;
            }
        });
        try {
            t.join();
        } catch (InterruptedException e) {
            t.interrupt();
            throw e;
        }
        if (interrupted[0] != null || lag[0] == null || stop.isStopped()) {
            return notMeasured("interrupted");
        }
        return of(lag[0], rate, recorded.toNanos() / 1e9);
    }

    /** One line for a verdict: the floor's p99 and what it is, or why it was not measured. */
    String describe() {
        if (!measured) {
            return "the machine's own wake-up floor was not measured (" + why + ")";
        }
        return String.format(Locale.ROOT, "the machine's own wake-up floor p99 was %d us (an ideal scheduler doing no"
                + " work, %.0f/s for %.1f s just before the run)", p99Micros, ratePerSec, seconds);
    }
}
