package org.openmark.load;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A load model as fields a program can read (result.json's {@code load}), beside the one-line
 * {@code display} the text report prints. Fields that do not apply to the kind are null.
 *
 * @param kind {@code open} or {@code closed}
 * @param display the model as the text report shows it, e.g. {@code closed(threads=8, target=20000/s)}
 * @param arrival open: {@code constant}, {@code poisson}, {@code pareto} or {@code hyperexp}
 * @param arrivalParameter open: pareto's shape or hyperexp's coefficient of variation
 * @param ratePerSec open with a constant rate: that rate (the whole run's)
 * @param schedule open: the target rate over time
 * @param maxInFlight open: the whole run's bound on outstanding operations
 * @param onOverload open: {@code wait} or {@code drop}
 * @param threads closed: client threads of the whole run
 * @param targetPerSec closed: the total target rate, or null when the threads run as fast as they can
 * @param thinkTimeMs closed: the pause after each operation, or null for none
 * @param share this process's part {@code i/n} of a run over several processes, or null for the whole run
 */
public record LoadSpec(String kind, String display, String arrival, Double arrivalParameter, Double ratePerSec,
        Schedule schedule, Integer maxInFlight, String onOverload, Integer threads, Double targetPerSec,
        Long thinkTimeMs, String share) {

    /**
     * The open model's rate over time.
     *
     * @param kind {@code constant}, {@code steps} or {@code ramp}
     * @param ratesPerSec constant: the rate; steps: one rate per step; ramp: from and to
     * @param stepMs steps: how long each step lasts
     * @param rampMs ramp: how long the ramp takes
     */
    public record Schedule(String kind, List<Double> ratesPerSec, Long stepMs, Long rampMs) {
        static Schedule of(RateSchedule s) {
            return switch (s) {
                case RateSchedule.Constant c -> new Schedule("constant", List.of(c.ratePerSec()), null, null);
                case RateSchedule.Steps st -> new Schedule("steps", Arrays.stream(st.ratesPerSec()).boxed().toList(),
                        st.every().toMillis(), null);
                case RateSchedule.Ramp r -> new Schedule("ramp", List.of(r.fromPerSec(), r.toPerSec()), null,
                        r.over().toMillis());
            };
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", kind);
            m.put("ratesPerSec", ratesPerSec);
            putIfSet(m, "stepMs", stepMs);
            putIfSet(m, "rampMs", rampMs);
            return m;
        }
    }

    /** An open model's fields. */
    static LoadSpec open(String display, ArrivalProcess arrivals, RateSchedule schedule, int maxInFlight,
            OverloadPolicy onOverload, Share share) {
        Double parameter = switch (arrivals) {
            case ArrivalProcess.Pareto p -> p.shape();
            case ArrivalProcess.HyperExponential h -> h.cv();
            case ArrivalProcess.Constant c -> null;
            case ArrivalProcess.Poisson p -> null;
        };
        String name = arrivals.describe().split(":", 2)[0];
        Double rate = schedule instanceof RateSchedule.Constant c ? c.ratePerSec() : null;
        return new LoadSpec("open", display, name, parameter, rate, Schedule.of(schedule), maxInFlight,
                onOverload.name().toLowerCase(java.util.Locale.ROOT), null, null, null, shareOf(share));
    }

    /** A closed model's fields. */
    static LoadSpec closed(String display, int threads, double targetPerSec, long thinkTimeMs, Share share) {
        return new LoadSpec("closed", display, null, null, null, null, null, null, threads,
                targetPerSec > 0 ? targetPerSec : null, thinkTimeMs > 0 ? thinkTimeMs : null, shareOf(share));
    }

    /** A model known only by its display text (results written before the fields existed). */
    public static LoadSpec displayOnly(String display) {
        String kind = display.startsWith("open") ? "open" : display.startsWith("closed") ? "closed" : "unknown";
        return new LoadSpec(kind, display, null, null, null, null, null, null, null, null, null, null);
    }

    private static String shareOf(Share share) {
        return share.whole() ? null : share.describe();
    }

    /** True for the open model. */
    public boolean isOpen() {
        return "open".equals(kind);
    }

    /** The fields that apply, in a stable order, for result.json. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind);
        putIfSet(m, "arrival", arrival);
        putIfSet(m, "arrivalParameter", arrivalParameter);
        putIfSet(m, "ratePerSec", ratePerSec);
        putIfSet(m, "schedule", schedule == null ? null : schedule.toMap());
        putIfSet(m, "maxInFlight", maxInFlight);
        putIfSet(m, "onOverload", onOverload);
        putIfSet(m, "threads", threads);
        putIfSet(m, "targetPerSec", targetPerSec);
        putIfSet(m, "thinkTimeMs", thinkTimeMs);
        putIfSet(m, "share", share);
        return m;
    }

    private static void putIfSet(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
