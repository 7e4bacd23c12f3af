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
 * (send lag, achieved rate, drops), judged where the store was healthy and by what its lag did to
 * the result. The store's: did it fail more operations than the error budget allows, and when.
 * Each adds warnings (the verdict's reasons) and notes, and returns whether the run stays valid.
 */
public final class Verdicts {
    /**
     * Send lag below this share of the response-time p99 cannot have changed the result much:
     * a lagging generator is then noted, not blamed.
     */
    static final double MATERIAL_LAG_SHARE = 0.10;

    private Verdicts() {
    }

    /**
     * The measured intervals' send lag split by whether the store was in trouble in them (failing,
     * stalled or backing up): sends are late then because every worker waits on the store.
     */
    public record LagByCause(Histogram outsideStoreTrouble, Histogram inStoreTrouble, int troubledIntervals) {
    }

    /** The open model's generator verdict. */
    static boolean generator(RunConfig cfg, ScheduleReport s, LagByCause lag, long responseP99Micros,
            List<String> warnings, List<String> notes) {
        boolean valid = true;
        long lagP99 = p99(s.sendLag());
        long maxLagMicros = cfg.maxSendLag().toNanos() / 1000;
        if (lagP99 > maxLagMicros) {
            long outsideP99 = p99(lag.outsideStoreTrouble());
            if (s.waitedForSlot() > 0) {
                // The scheduler was held by the in-flight bound: the store's backlog, not the
                // generator, delayed the sends (and the delay is in every response time).
                warnings.add(String.format(Locale.ROOT, "send-lag p99 = %d us > %d us because operations waited for"
                        + " in-flight slots (--max-in-flight %d): the store could not keep up", lagP99, maxLagMicros,
                        cfg.maxInFlight()));
            } else if (lag.troubledIntervals() > 0 && outsideP99 <= maxLagMicros) {
                warnings.add(String.format(Locale.ROOT, "send-lag p99 = %d us > %d us, but only while the store was"
                        + " failing, stalled or backing up (%d intervals); outside them p99 = %d us: the store, not the"
                        + " generator, delayed those sends", lagP99, maxLagMicros, lag.troubledIntervals(),
                        outsideP99));
            } else if (outsideP99 <= MATERIAL_LAG_SHARE * responseP99Micros) {
                notes.add(String.format(Locale.ROOT, "send-lag p99 = %d us is above --max-send-lag (%d us) but only"
                        + " %.1f%% of the response-time p99 (%d us): the generator's lag did not change the result"
                        + " materially", outsideP99, maxLagMicros, 100.0 * outsideP99 / Math.max(1, responseP99Micros),
                        responseP99Micros));
            } else {
                warnings.add(String.format(Locale.ROOT, "the load generator, not the store, limited this run: send-lag"
                        + " p99 = %d us > %d us (--max-send-lag)%s, against a response-time p99 of %d us; the scheduler"
                        + " could not keep its schedule", outsideP99, maxLagMicros,
                        lag.troubledIntervals() > 0 ? String.format(Locale.ROOT, " where the store was healthy (%d us"
                                + " over the whole run)", lagP99) : "", responseP99Micros));
                valid = false;
            }
        }
        if (s.dropped() > 0) {
            warnings.add(s.dropped() + " operations were dropped because all " + cfg.maxInFlight()
                    + " in-flight slots were taken (--on-overload drop): the run is not valid");
            valid = false;
        }
        if (s.achievedRate() < 0.99 * s.scheduledRate() && s.scheduledRate() > 0) {
            if (s.waitedForSlot() > 0) {
                warnings.add(String.format(Locale.ROOT, "achieved rate %.1f ops/s is below the target %.1f ops/s because"
                        + " %d operations waited for one of the %d in-flight slots (--max-in-flight): the store could not"
                        + " keep up", s.achievedRate(), s.scheduledRate(), s.waitedForSlot(), cfg.maxInFlight()));
            } else {
                warnings.add(String.format(Locale.ROOT, "the load generator, not the store, limited this run: achieved"
                        + " %.1f ops/s < 99%% of the scheduled %.1f ops/s", s.achievedRate(), s.scheduledRate()));
                valid = false;
            }
        }
        return valid;
    }

    /**
     * The store's verdict: its failures (every status but OK and NOT_FOUND) against the error budget
     * ({@code maxerrorrate}), located in time by the outages; stalls are reported, not judged.
     */
    static boolean store(RunConfig cfg, Accounting a, List<Outage> outages, List<String> warnings,
            List<String> notes) {
        long completed = a.completed();
        long failed = 0;
        for (Map.Entry<Status, Long> e : a.statuses().entrySet()) {
            if (e.getKey() != Status.OK && e.getKey() != Status.NOT_FOUND) {
                failed += e.getValue();
            }
        }
        String where = outages.isEmpty() ? "" : " (" + outages.stream().map(Outage::describe)
                .collect(Collectors.joining("; ")) + ")";
        boolean valid = true;
        if (completed > 0 && failed > cfg.maxErrorRate() * completed) {
            warnings.add(String.format(Locale.ROOT, "the store failed %.1f%% of operations%s, more than the error budget"
                    + " of %s (--max-error-rate): the run is not valid", 100.0 * failed / completed, where,
                    percent(cfg.maxErrorRate())));
            valid = false;
        } else if (completed == 0 && a.issued() > a.warmUp()) {
            warnings.add("no operation completed after the warm-up" + where + ": the store did not answer");
            valid = false;
        }
        for (Outage o : outages) {
            if (o.kind() == Outage.Kind.STALL) {
                notes.add("the store stalled: " + o.describe() + " (" + o.operations() + " operations outstanding);"
                        + " their waiting is in the response times");
            }
        }
        long notFound = a.statuses().getOrDefault(Status.NOT_FOUND, 0L);
        if (completed > 0 && notFound > completed / 2) {
            notes.add(String.format(Locale.ROOT, "%.0f%% of operations found no record (NOT_FOUND): is the store loaded"
                    + " (bin/openmark load, or -p autoload=true on an empty embedded store)?", 100.0 * notFound / completed));
        }
        return valid;
    }

    private static long p99(Histogram h) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99);
    }

    private static String percent(double share) {
        double p = share * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
