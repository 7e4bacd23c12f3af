package org.openmark.run;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Outage;

/**
 * The two verdicts of a run, each blamed on its cause. The generator's: did it keep its schedule
 * (send lag, achieved rate, drops), judged where the store was healthy, past a long run's cold
 * start, and by what its lag did to the result. The store's: did it fail (or leave unanswered)
 * more operations than the error budget allows, or stall for more than a tenth of the measured
 * time, and when. Each adds warnings (the verdict's reasons) and notes, and returns whether the
 * run stays valid.
 */
public final class Verdicts {
    /**
     * The generator's lateness is material to the result when it added more than this share to the
     * response-time p99 reported: below it, a lagging generator is noted, not blamed.
     */
    static final double MATERIAL_LAG_SHARE = 0.10;

    /**
     * A harness whose send-lag p99 is at most this multiple of the machine's own wake-up floor p99
     * (the worse of its samples just before and just after the run) was about as late as the
     * machine allows (the floor is measured without the run's own load on the cores).
     */
    static final double AS_LATE_AS_THE_FLOOR = 1.5;

    /** How every warning begins with which the generator's own verdict makes a run invalid. */
    public static final String GENERATOR_LIMITED = "the load generator, not the store, limited this run";

    private Verdicts() {
    }

    /**
     * Whether a warning is one with which the generator's verdict failed the run (it fell behind
     * its schedule, or dropped operations), as opposed to the store's (failures, stalls).
     */
    public static boolean blamesTheGenerator(String warning) {
        return warning.startsWith(GENERATOR_LIMITED) || warning.contains("(--on-overload drop): the run is not valid");
    }

    /**
     * The measured intervals' send lag split by whether the store was in trouble in them (failing,
     * stalled or backing up): sends are late then because every worker waits on the store.
     */
    public record LagByCause(Histogram outsideStoreTrouble, Histogram inStoreTrouble, int troubledIntervals,
            Histogram atStartUp) {

        /** Lag without a start-up of its own (a warm-up was run, or none was set apart). */
        public LagByCause(Histogram outsideStoreTrouble, Histogram inStoreTrouble, int troubledIntervals) {
            this(outsideStoreTrouble, inStoreTrouble, troubledIntervals, new Histogram(3));
        }
    }

    /**
     * How the schedule was issued, for the verdict: {@code issued} operations over {@code
     * issueSeconds}; the measured time of the phase began {@code measuredFromSeconds} after its
     * start (the end of a warm-up) and lasted {@code measuredSeconds}.
     */
    record Issuing(long issued, double issueSeconds, double measuredFromSeconds, double measuredSeconds) {

        /** A phase measured from its start. */
        Issuing(long issued, double issueSeconds, double measuredSeconds) {
            this(issued, issueSeconds, 0, measuredSeconds);
        }

        double measuredToSeconds() {
            return measuredFromSeconds + measuredSeconds;
        }
    }

    /**
     * The latencies the run reports (every measured operation, all statuses, microseconds):
     * response time counts from the intended start, service time from the actual send, so their
     * difference at a percentile is what the send lag added to the figure reported there.
     */
    record Latencies(long responseP50Micros, long responseP99Micros, long serviceP50Micros, long serviceP99Micros) {

        static Latencies of(long responseP50Micros, long responseP99Micros, long serviceP50Micros,
                long serviceP99Micros) {
            return new Latencies(responseP50Micros, responseP99Micros, serviceP50Micros, serviceP99Micros);
        }

        /** What the send lag added to the response-time p99 reported (0 when nothing). */
        long addedToP99Micros() {
            return Math.max(0, responseP99Micros - serviceP99Micros);
        }

        /** What the send lag added to the response-time median reported (0 when nothing). */
        long addedToP50Micros() {
            return Math.max(0, responseP50Micros - serviceP50Micros);
        }

        /** Whether what the send lag added to the p99 is a material share of it. */
        boolean lagIsMaterial() {
            return addedToP99Micros() > MATERIAL_LAG_SHARE * responseP99Micros;
        }
    }

    /**
     * A cold start is set apart from the generator's verdict only in phases at least this long (it
     * is then at most a fifth of the measured time); a shorter phase is judged on all of it.
     */
    static final double MIN_SECONDS_TO_SET_START_UP_APART = 5;

    /**
     * Operations that waited for an in-flight slot explain a late send when they are at least this
     * share of the sends, or when their waits add up to the lag judged.
     */
    static final double SLOT_WAITS_THAT_EXPLAIN_LAG = 0.01;

    /** An achieved rate at least this share of the scheduled one kept the schedule. */
    static final double ON_SCHEDULE_SHARE = 0.99;

    /**
     * The open model's generator verdict. The send lag is judged where the store was healthy, past
     * a long run's cold start. It fails the run only when the lag was both above {@code
     * --max-send-lag} and material to the figures reported: it added more than {@value
     * #MATERIAL_LAG_SHARE} of the response-time p99 (response p99 minus service p99, the same
     * operations timed from their intended and their actual start). Otherwise a lag above the bound
     * is a note saying what it added. Either line names the machine's own wake-up floor, so the
     * lateness is attributed, and the interval judged.
     */
    static boolean generator(RunConfig cfg, ScheduleReport s, LagByCause lag, Latencies latencies,
            long serviceP50Micros, Issuing issuing, List<String> warnings, List<String> notes) {
        boolean valid = true;
        long maxLagMicros = cfg.thresholds().maxSendLag().toNanos() / 1000;
        Histogram outside = lag.outsideStoreTrouble();
        Histogram judged = s.sendLag().copy();
        boolean startUpApart = issuing.measuredSeconds() >= MIN_SECONDS_TO_SET_START_UP_APART;
        if (startUpApart) {
            long startUpP99 = p99(lag.atStartUp());
            if (startUpP99 > maxLagMicros) {
                notes.add(String.format(Locale.ROOT, "send-lag p99 = %d us in the first second (the process's cold"
                        + " start: no --warmup) is not judged; it is in the measured figures (--warmup leaves it out"
                        + " of them)", startUpP99));
            }
            if (lag.atStartUp().getTotalCount() > 0 && lag.atStartUp().getTotalCount() <= judged.getTotalCount()) {
                judged.subtract(lag.atStartUp());
            }
        } else {
            outside = outside.copy();
            outside.add(lag.atStartUp());
        }
        String interval = judgedInterval(issuing, startUpApart && lag.atStartUp().getTotalCount() > 0);
        long lagP99 = p99(judged);
        // Slot waits explain the lag when many sends waited, or when the issuer was held for at least
        // as long as the lag judged: one wait holds back every arrival due meanwhile, so a store that
        // keeps all slots taken makes a backlog of seconds out of a few hundred waits.
        boolean slotsHeldSends = s.waitedForSlot() > 0
                && (s.waitedForSlot() >= SLOT_WAITS_THAT_EXPLAIN_LAG * Math.max(1, issuing.issued())
                        || s.slotWaitMs() * 1000 >= lagP99);
        if (lagP99 > maxLagMicros) {
            long outsideP99 = p99(outside);
            long responseP99 = latencies.responseP99Micros();
            if (slotsHeldSends) {
                // The scheduler was held by the in-flight bound: the store's backlog, not the
                // generator, delayed the sends (and the delay is in every response time).
                warnings.add(String.format(Locale.ROOT, "send-lag p99 = %d us > %d us because operations waited for"
                        + " in-flight slots (%s): %s; %s", lagP99, maxLagMicros, inFlightBound(cfg, s),
                        whyNoSlot(cfg, s, serviceP50Micros), interval));
            } else if (lag.troubledIntervals() > 0 && outsideP99 <= maxLagMicros) {
                warnings.add(String.format(Locale.ROOT, "send-lag p99 = %d us > %d us, but only while the store was"
                        + " failing, stalled or backing up (%d intervals); outside them p99 = %d us: the store, not the"
                        + " generator, delayed those sends; %s", lagP99, maxLagMicros, lag.troubledIntervals(),
                        outsideP99, interval));
            } else if (!latencies.lagIsMaterial()) {
                notes.add(String.format(Locale.ROOT, "send-lag p99 = %d us is above --max-send-lag (%d us) but added"
                        + " only %d us (%.1f%%) to the response-time p99 of %d us (service time p99 %d us) and %d us to"
                        + " its median: not material to the result (a run fails when the lag adds more than %s); %s;"
                        + " %s", outsideP99, maxLagMicros, latencies.addedToP99Micros(),
                        100.0 * latencies.addedToP99Micros() / Math.max(1, responseP99), responseP99,
                        latencies.serviceP99Micros(), latencies.addedToP50Micros(), percent(MATERIAL_LAG_SHARE),
                        whoWasLate(s.machineFloor(), outsideP99), interval));
            } else {
                warnings.add(String.format(Locale.ROOT, GENERATOR_LIMITED + ": send-lag"
                        + " p99 = %d us > %d us (--max-send-lag)%s, and the lag added %d us (%.0f%%, more than %s) to the"
                        + " response-time p99 of %d us (service time p99 %d us): the scheduler could not keep its"
                        + " schedule; %s; %s", outsideP99, maxLagMicros,
                        lag.troubledIntervals() > 0 ? String.format(Locale.ROOT, " where the store was healthy (%d us"
                                + " over the whole run)", lagP99) : "", latencies.addedToP99Micros(),
                        100.0 * latencies.addedToP99Micros() / Math.max(1, responseP99), percent(MATERIAL_LAG_SHARE),
                        responseP99, latencies.serviceP99Micros(), whoWasLate(s.machineFloor(), outsideP99),
                        interval));
                valid = false;
            }
        }
        String issuedOver = String.format(Locale.ROOT, "judged over the issuing, 0.0 s to %.1f s",
                issuing.issueSeconds());
        if (s.dropped() > 0) {
            warnings.add(s.dropped() + " operations were dropped because all " + s.maxInFlight()
                    + " in-flight slots (" + inFlightBound(cfg, s) + ") were taken (--on-overload drop): the run is not"
                    + " valid; " + issuedOver);
            valid = false;
        }
        if (s.achievedRate() < ON_SCHEDULE_SHARE * s.scheduledRate() && s.scheduledRate() > 0) {
            // The time the issuing took beyond the schedule: the store's when the issuer spent at
            // least half of it waiting for in-flight slots.
            double behindSeconds = issuing.issueSeconds() - issuing.issued() / s.scheduledRate();
            if (s.waitedForSlot() > 0 && s.slotWaitMs() / 1000.0 >= 0.5 * behindSeconds) {
                warnings.add(String.format(Locale.ROOT, "achieved rate %.1f ops/s is below the target %.1f ops/s because"
                        + " %d operations waited for one of the %d in-flight slots (%s): %s; %s",
                        s.achievedRate(), s.scheduledRate(), s.waitedForSlot(), s.maxInFlight(), inFlightBound(cfg, s),
                        whyNoSlot(cfg, s, serviceP50Micros), issuedOver));
            } else {
                warnings.add(String.format(Locale.ROOT, GENERATOR_LIMITED + ": achieved"
                        + " %.1f ops/s < 99%% of the scheduled %.1f ops/s; %s", s.achievedRate(), s.scheduledRate(),
                        issuedOver));
                valid = false;
            }
        }
        return valid;
    }

    /** Which interval the send lag was judged over, the part left out said on the same line. */
    static String judgedInterval(Issuing issuing, boolean startUpSetApart) {
        double from = issuing.measuredFromSeconds();
        double to = issuing.measuredToSeconds();
        if (startUpSetApart) {
            return String.format(Locale.ROOT, "judged over %.1f s to %.1f s (the first second, the process's cold start,"
                    + " excluded)", from + 1, to);
        }
        if (from > 0) {
            return String.format(Locale.ROOT, "judged over %.1f s to %.1f s (the warm-up before it excluded)", from, to);
        }
        return String.format(Locale.ROOT, "judged over %.1f s to %.1f s (all of it: the first second is excluded only"
                + " from runs of %.0f s or more)", from, to, MIN_SECONDS_TO_SET_START_UP_APART);
    }

    /**
     * Whether the machine or the harness was late: the machine's own floor beside the harness's
     * send-lag p99.
     */
    static String whoWasLate(MachineFloor floor, long harnessP99Micros) {
        if (!floor.measured()) {
            return floor.describe();
        }
        if (harnessP99Micros <= AS_LATE_AS_THE_FLOOR * floor.worseP99Micros()) {
            return floor.describe() + ": the machine was as late as the harness";
        }
        return floor.describe() + ": the harness was later than the machine";
    }

    /**
     * The store's verdict. Its failures are every status but OK and NOT_FOUND, plus the operations
     * it never answered (unfinished when the run stopped): above the error budget
     * ({@code maxerrorrate}) of the operations it was given the run is invalid, located in time by
     * the outages. Stalls that cover more than {@code maxstall} (a tenth) of the measured time make
     * it invalid too — a store that hung that long did not serve the run —, located the same way;
     * shorter ones are noted (their waiting is in the response times).
     *
     * @param measuredFromSeconds where the measured time begins (the end of the warm-up), seconds
     *     since the phase started
     * @param measuredToSeconds where it ends
     */
    static boolean store(RunConfig cfg, Accounting a, List<Outage> outages, double measuredFromSeconds,
            double measuredToSeconds, List<String> warnings, List<String> notes) {
        long completed = a.completed();
        long failed = a.unfinished();
        for (Map.Entry<Status, Long> e : a.statuses().entrySet()) {
            if (e.getKey() != Status.OK && e.getKey() != Status.NOT_FOUND) {
                failed += e.getValue();
            }
        }
        long given = completed + a.unfinished();
        String where = outages.isEmpty() ? "" : " (" + outages.stream().map(Outage::describe)
                .collect(Collectors.joining("; ")) + ")";
        boolean valid = true;
        String judged = measuredInterval(measuredFromSeconds, measuredToSeconds);
        if (completed == 0 && a.issued() > a.warmUp()) {
            warnings.add("no operation completed after the warm-up" + where + ": the store did not answer; " + judged);
            valid = false;
        } else if (given > 0 && failed > cfg.thresholds().maxErrorRate() * given) {
            String unanswered = a.unfinished() == 0 ? "" : " (" + a.unfinished() + " of them never answered)";
            warnings.add(String.format(Locale.ROOT, "the store failed %.1f%% of operations%s%s, more than the error"
                    + " budget of %s (--max-error-rate): the run is not valid; %s", 100.0 * failed / given, unanswered,
                    where, percent(cfg.thresholds().maxErrorRate()), judged));
            valid = false;
        }
        double measured = Math.max(0, measuredToSeconds - measuredFromSeconds);
        double stalled = 0;
        List<Outage> stalls = outages.stream().filter(o -> o.kind() == Outage.Kind.STALL).toList();
        for (Outage o : stalls) {
            stalled += Math.max(0, Math.min(o.toSeconds(), measuredToSeconds)
                    - Math.max(o.fromSeconds(), measuredFromSeconds));
        }
        String stallText = stalls.stream().limit(STALLS_LISTED).map(Outage::describe).collect(Collectors.joining("; "))
                + (stalls.size() > STALLS_LISTED ? "; and " + (stalls.size() - STALLS_LISTED) + " more (result.json's"
                        + " outages)" : "");
        if (valid && measured > 0 && stalled > cfg.thresholds().maxStall() * measured) {
            warnings.add(String.format(Locale.ROOT, "the store stalled for %.1f s of the %.1f s measured (%.0f%%, more"
                    + " than %s, --max-stall): %s; the run is not valid; %s", stalled, measured, 100 * stalled / measured,
                    percent(cfg.thresholds().maxStall()), stallText, judged));
            valid = false;
        } else if (!stalls.isEmpty()) {
            notes.add("the store stalled: " + stallText + "; their waiting is in the response times");
        }
        long notFound = a.statuses().getOrDefault(Status.NOT_FOUND, 0L);
        if (completed > 0 && notFound > completed / 2) {
            notes.add(String.format(Locale.ROOT, "%.0f%% of operations found no record (NOT_FOUND): is the store loaded"
                    + " (bin/openmark load, or -p autoload=true on an empty store)?", 100.0 * notFound / completed));
        }
        return valid;
    }

    /** Which interval the store's verdict judged: the measured time, the warm-up left out said on the line. */
    static String measuredInterval(double fromSeconds, double toSeconds) {
        return String.format(Locale.ROOT, "judged over %.1f s to %.1f s, the measured time%s", fromSeconds, toSeconds,
                fromSeconds > 0 ? " (the warm-up before it excluded)" : "");
    }

    /** The stalls a warning or note lists by name; result.json has them all. */
    static final int STALLS_LISTED = 5;

    /** Completed operations per second below this share of the rate offered: the store could not keep up. */
    static final double KEPT_UP_SHARE = 0.9;

    /**
     * Notes a store that could not keep up with the load it was offered, a finding about the store
     * (its response times show the cost), not a fault of the run. Open model: the generator kept
     * its schedule, yet the store answered less than {@value #KEPT_UP_SHARE} of the scheduled
     * rate while it was backing up (or failing, or stalled). Closed model paced by a target: the
     * clients fell below that share of it, because each waits for its answer.
     *
     * @param s the open model's schedule, or null for the closed model
     * @param pacedRate the closed model's target for this process's clients, 0 when unpaced
     * @param troubledIntervals measured intervals in which the store was failing, stalled or backing up
     */
    static void keptUp(ScheduleReport s, double pacedRate, double throughput, int troubledIntervals,
            List<String> notes) {
        if (s != null && s.scheduledRate() > 0 && s.achievedRate() >= ON_SCHEDULE_SHARE * s.scheduledRate()
                && throughput < KEPT_UP_SHARE * s.scheduledRate() && troubledIntervals > 0) {
            notes.add(String.format(Locale.ROOT, "the store answered %.1f ops/s of the %.1f ops/s offered (%.0f%%): it"
                    + " could not keep up, and the queue it built is in the response times", throughput,
                    s.scheduledRate(), 100 * throughput / s.scheduledRate()));
        } else if (s == null && pacedRate > 0 && throughput < KEPT_UP_SHARE * pacedRate) {
            notes.add(String.format(Locale.ROOT, "the clients fell behind the target: %.1f of %.1f ops/s (%.0f%%). Each"
                    + " client waits for its answer before its next operation, so the store's slowness lowered the"
                    + " load it was offered; the time behind the schedule is in the response times (--model open"
                    + " offers the rate whatever the store does)", throughput, pacedRate, 100 * throughput / pacedRate));
        }
    }

    /**
     * Why operations found no free in-flight slot. By Little's law the schedule needs about
     * rate × service time operations in flight. The service time is the store's before any
     * backlog could build (the median of the phase's first operations): a median taken while the
     * store was saturated is the queue's, and would make any bound look too small. When the rate
     * needs more than the bound at that speed, the bound is too small for the rate and the store
     * is not to blame; otherwise the store's backlog (slower calls, a stall, saturation) took the
     * slots.
     *
     * @param serviceMicros the store's service time before any backlog, or 0 when unknown
     * @return the cause, after a colon in the warning
     */
    static String whyNoSlot(RunConfig cfg, ScheduleReport s, long serviceMicros) {
        double rate = s.targetRate() > 0 ? s.targetRate() : s.scheduledRate();
        long needed = Math.round(rate * serviceMicros / 1e6);
        String speed = serviceMicros < 1000 ? serviceMicros + " us"
                : String.format(Locale.ROOT, "%.1f ms", serviceMicros / 1000.0);
        if (needed > s.maxInFlight()) {
            return String.format(Locale.ROOT, "at the store's service time before any backlog (%s, the median of the"
                    + " first operations), %.0f ops/s needs about %d operations in flight, more than the %d allowed, so"
                    + " the bound, not the store, held the load back; %s", speed, rate, needed,
                    s.maxInFlight(), s.maxInFlight() < maxInFlight(cfg) ? "the store's client allows no more requests"
                    + " at once" : "raise --max-in-flight");
        }
        if (serviceMicros <= 0) {
            return "the store could not keep up";
        }
        return String.format(Locale.ROOT, "the store could not keep up (at its service time before any backlog, %s,"
                + " %.0f ops/s needs about %d operations in flight, within the %d allowed: its backlog took them)",
                speed, rate, needed, s.maxInFlight());
    }

    /** Where the bound came from: {@code --max-in-flight N}, and the store client's bound when it was lower. */
    private static String inFlightBound(RunConfig cfg, ScheduleReport s) {
        if (s.maxInFlight() < maxInFlight(cfg)) {
            return String.format(Locale.ROOT, "--max-in-flight %d, lowered to %d: the store's client sends no more"
                    + " requests at once", maxInFlight(cfg), s.maxInFlight());
        }
        return "--max-in-flight " + maxInFlight(cfg);
    }

    /** The open model's --max-in-flight (a schedule report is the open model's). */
    private static int maxInFlight(RunConfig cfg) {
        return cfg.model() instanceof Model.Open open ? open.maxInFlight() : 0;
    }

    private static long p99(Histogram h) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99);
    }

    private static String percent(double share) {
        double p = share * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
