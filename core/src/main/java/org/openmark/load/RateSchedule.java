package org.openmark.load;

import java.time.Duration;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;

/**
 * The target rate of an open-model run over time: constant, steps, or a linear ramp. After a
 * schedule's natural end (the last step, the end of the ramp) the last rate holds.
 */
public sealed interface RateSchedule permits RateSchedule.Constant, RateSchedule.Steps, RateSchedule.Ramp {

    /** The rate in operations per second at {@code elapsedNanos} after the phase started. */
    double rateAt(long elapsedNanos);

    /** How long the schedule lasts by itself, or zero when it has no natural end (constant). */
    Duration naturalLength();

    /** The mean rate over the first {@code spanNanos} (for the self-check's target). */
    double meanRate(long spanNanos);

    /** The text a user would give for this schedule. */
    String describe();

    /** The same schedule at {@code factor} times the rate (one worker's part of a split rate). */
    RateSchedule scaled(double factor);

    /** The same rate all the time. */
    record Constant(double ratePerSec) implements RateSchedule {
        @Override
        public double rateAt(long elapsedNanos) {
            return ratePerSec;
        }

        @Override
        public Duration naturalLength() {
            return Duration.ZERO;
        }

        @Override
        public double meanRate(long spanNanos) {
            return ratePerSec;
        }

        @Override
        public String describe() {
            return (long) ratePerSec + "/s";
        }

        @Override
        public RateSchedule scaled(double factor) {
            return new Constant(ratePerSec * factor);
        }
    }

    /** Rates that change every {@code every}: steps:1000,2000,4000 every 30s. */
    record Steps(double[] ratesPerSec, Duration every) implements RateSchedule {
        @Override
        public double rateAt(long elapsedNanos) {
            long i = Math.max(0, elapsedNanos) / every.toNanos();
            return ratesPerSec[(int) Math.min(i, ratesPerSec.length - 1)];
        }

        @Override
        public Duration naturalLength() {
            return every.multipliedBy(ratesPerSec.length);
        }

        @Override
        public double meanRate(long spanNanos) {
            if (spanNanos <= 0) {
                return ratesPerSec[0];
            }
            double ops = 0;
            long step = every.toNanos();
            for (long t = 0; t < spanNanos; t += step) {
                ops += rateAt(t) * Math.min(step, spanNanos - t) / 1e9;
            }
            return ops / (spanNanos / 1e9);
        }

        @Override
        public RateSchedule scaled(double factor) {
            return new Steps(Arrays.stream(ratesPerSec).map(r -> r * factor).toArray(), every);
        }

        @Override
        public String describe() {
            return "steps:" + Arrays.stream(ratesPerSec).mapToObj(r -> String.valueOf((long) r))
                    .reduce((a, b) -> a + "," + b).orElse("") + " every " + Durations.format(every);
        }
    }

    /** A linear ramp: ramp:1000..50000 over 5m. */
    record Ramp(double fromPerSec, double toPerSec, Duration over) implements RateSchedule {
        @Override
        public double rateAt(long elapsedNanos) {
            double f = Math.min(1.0, Math.max(0, elapsedNanos) / (double) over.toNanos());
            return fromPerSec + (toPerSec - fromPerSec) * f;
        }

        @Override
        public Duration naturalLength() {
            return over;
        }

        @Override
        public double meanRate(long spanNanos) {
            if (spanNanos <= 0) {
                return fromPerSec;
            }
            long ramp = Math.min(spanNanos, over.toNanos());
            double rampOps = (fromPerSec + rateAt(ramp)) / 2 * ramp / 1e9;
            double flatOps = toPerSec * Math.max(0, spanNanos - over.toNanos()) / 1e9;
            return (rampOps + flatOps) / (spanNanos / 1e9);
        }

        @Override
        public RateSchedule scaled(double factor) {
            return new Ramp(fromPerSec * factor, toPerSec * factor, over);
        }

        @Override
        public String describe() {
            return "ramp:" + (long) fromPerSec + ".." + (long) toPerSec + " over " + Durations.format(over);
        }
    }

    /**
     * The highest rate openmark schedules, ops/s: far beyond what one process can issue (a few
     * million), yet an intended start still advances at the clock's nanosecond resolution.
     */
    public static final double MAX_RATE_PER_SEC = 100_000_000;

    /** Parses {@code --rate-schedule}. */
    static RateSchedule parse(String flag, String text) {
        String t = text.trim();
        Matcher ramp = Pattern.compile("ramp:\\s*([\\d.]+)\\s*\\.\\.\\s*([\\d.]+)\\s+over\\s+(\\S+)").matcher(t);
        if (ramp.matches()) {
            return new Ramp(positive(flag, text, ramp.group(1)), positive(flag, text, ramp.group(2)),
                    Durations.parse(flag, ramp.group(3)));
        }
        Matcher steps = Pattern.compile("steps:\\s*([\\d.,\\s]+?)\\s+every\\s+(\\S+)").matcher(t);
        if (steps.matches()) {
            double[] rates = Arrays.stream(steps.group(1).split(",")).map(String::trim)
                    .mapToDouble(s -> positive(flag, text, s)).toArray();
            Duration every = Durations.parse(flag, steps.group(2));
            if (every.isZero()) {
                throw ConfigException.of(flag, text, "the step length must be > 0");
            }
            return new Steps(rates, every);
        }
        throw ConfigException.of(flag, text,
                "must be \"ramp:FROM..TO over DURATION\" or \"steps:R1,R2,... every DURATION\"");
    }

    private static double positive(String flag, String text, String number) {
        try {
            double d = Double.parseDouble(number);
            if (d > 0 && d <= MAX_RATE_PER_SEC) {
                return d;
            }
        } catch (NumberFormatException e) {
            // fall through to the error
        }
        throw ConfigException.of(flag, text, "rates must be numbers > 0 and <= " + (long) MAX_RATE_PER_SEC
                + " (ops/s), got " + number);
    }
}
