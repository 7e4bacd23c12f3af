package org.openmark.rating;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.config.ConfigException;

/**
 * A service level agreement in BG's terms: at least α% of requests finish within β, at most τ%
 * of reads are unpredictable (stale or wrong), sustained for Δ. Parsed from text such as
 * {@code p95<=100ms} or {@code p99<=20ms, unpredictable<=0.1%, for 10m}.
 *
 * <p>{@link #isMet} checks one measurement (latency and unpredictable reads, not its length:
 * search experiments are shorter than Δ on purpose); {@link #isSustained} also requires the
 * measurement to have lasted at least Δ, which is what the confirmation run checks.
 */
public final class Sla {

    /** The flag the text comes from, named in every parse error. */
    public static final String FLAG = "--sla";

    /** The forms {@link #parse} accepts, quoted in its errors. */
    public static final String ALLOWED_FORMS = "allowed clauses, separated by commas:"
            + " pNN<=LATENCY with NN in (0, 100] and unit us, ms or s (p95<=100ms, p99.9<=2.5ms; required);"
            + " unpredictable<=PERCENT% (unpredictable<=0.1%);"
            + " for DURATION with unit s, m or h (for 10m)";

    private static final Pattern LATENCY = Pattern.compile(
            "p(\\d+(?:\\.\\d+)?)\\s*<=\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)", Pattern.CASE_INSENSITIVE);
    private static final Pattern UNPREDICTABLE = Pattern.compile(
            "unpredictable\\s*<=\\s*(\\d+(?:\\.\\d+)?)\\s*%", Pattern.CASE_INSENSITIVE);
    private static final Pattern SUSTAIN = Pattern.compile(
            "for\\s+(\\d+(?:\\.\\d+)?)\\s*(s|m|h)", Pattern.CASE_INSENSITIVE);

    private static final double REPORT_PERCENTILE_WITHOUT_BOUND = 95.0;
    private static final Sla NONE = new Sla(REPORT_PERCENTILE_WITHOUT_BOUND, Long.MAX_VALUE, 1.0, Duration.ZERO);

    private final double percentile;
    private final long maxLatencyNanos;
    private final double maxUnpredictableFraction;
    private final Duration sustain;

    private Sla(double percentile, long maxLatencyNanos, double maxUnpredictableFraction, Duration sustain) {
        this.percentile = percentile;
        this.maxLatencyNanos = maxLatencyNanos;
        this.maxUnpredictableFraction = maxUnpredictableFraction;
        this.sustain = sustain;
    }

    /** No agreement: every valid experiment meets it; the rating is the peak throughput. */
    public static Sla none() {
        return NONE;
    }

    /** An SLA from its parts (fraction in [0, 1]; {@code sustain} zero means no confirmation run). */
    public static Sla of(double percentile, long maxLatencyNanos, double maxUnpredictableFraction,
            Duration sustain) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw ConfigException.of(FLAG, RatingFormat.percentile(percentile), "percentile must be in (0, 100]");
        }
        if (maxLatencyNanos <= 0) {
            throw ConfigException.of(FLAG, maxLatencyNanos + "ns", "latency bound must be > 0");
        }
        if (!(maxUnpredictableFraction >= 0 && maxUnpredictableFraction <= 1)) {
            throw ConfigException.of(FLAG, String.valueOf(maxUnpredictableFraction),
                    "unpredictable fraction must be in [0, 1]");
        }
        if (sustain.isNegative()) {
            throw ConfigException.of(FLAG, sustain.toString(), "duration must be >= 0");
        }
        return new Sla(percentile, maxLatencyNanos, maxUnpredictableFraction, sustain);
    }

    /** Parses {@code --sla} text; errors name the flag, the text and {@link #ALLOWED_FORMS}. */
    public static Sla parse(String text) {
        if (text == null || text.isBlank()) {
            throw fail(String.valueOf(text), "is empty");
        }
        Double percentile = null;
        Long latencyNanos = null;
        Double unpredictable = null;
        Duration sustain = null;
        // -1: an empty clause at the end ("p95<=1ms,,") is one too, not dropped
        for (String raw : text.split(",", -1)) {
            String clause = raw.trim();
            if (clause.isEmpty()) {
                throw fail(text, "has an empty clause (two commas in a row, or one at an end)");
            }
            Matcher m;
            if ((m = LATENCY.matcher(clause)).matches()) {
                if (percentile != null) {
                    throw fail(text, "has two latency clauses (only one percentile bound is supported)");
                }
                percentile = Double.parseDouble(m.group(1));
                if (!(percentile > 0 && percentile <= 100)) {
                    throw fail(text, "percentile " + m.group(1) + " is outside (0, 100]");
                }
                latencyNanos = toNanos(m.group(2), m.group(3).toLowerCase(Locale.ROOT));
                if (latencyNanos <= 0) {
                    throw fail(text, "latency bound " + m.group(2) + m.group(3) + " must be > 0");
                }
            } else if ((m = UNPREDICTABLE.matcher(clause)).matches()) {
                if (unpredictable != null) {
                    throw fail(text, "has two unpredictable clauses");
                }
                unpredictable = Double.parseDouble(m.group(1)) / 100.0;
                if (unpredictable > 1) {
                    throw fail(text, "unpredictable " + m.group(1) + "% is above 100%");
                }
            } else if ((m = SUSTAIN.matcher(clause)).matches()) {
                if (sustain != null) {
                    throw fail(text, "has two duration clauses");
                }
                sustain = toDuration(m.group(1), m.group(2).toLowerCase(Locale.ROOT));
                if (sustain.isZero()) {
                    throw fail(text, "duration " + clause + " must be > 0");
                }
            } else {
                throw fail(text, "clause '" + clause + "' is not understood");
            }
        }
        if (percentile == null) {
            throw fail(text, "has no latency clause such as p95<=100ms");
        }
        return new Sla(percentile, latencyNanos, unpredictable == null ? 1.0 : unpredictable,
                sustain == null ? Duration.ZERO : sustain);
    }

    private static ConfigException fail(String text, String problem) {
        return ConfigException.of(FLAG, text, problem + "; " + ALLOWED_FORMS);
    }

    private static long toNanos(String number, String unit) {
        BigDecimal scale = switch (unit) {
            case "us" -> BigDecimal.valueOf(1_000L);
            case "ms" -> BigDecimal.valueOf(1_000_000L);
            default -> BigDecimal.valueOf(1_000_000_000L);
        };
        return new BigDecimal(number).multiply(scale).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }

    private static Duration toDuration(String number, String unit) {
        long secondsPerUnit = switch (unit) {
            case "s" -> 1;
            case "m" -> 60;
            default -> 3600;
        };
        long millis = new BigDecimal(number).multiply(BigDecimal.valueOf(secondsPerUnit * 1000))
                .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        return Duration.ofMillis(millis);
    }

    /** α: the percentile the latency bound applies to (95 when there is no bound: for reports). */
    public double percentile() {
        return percentile;
    }

    /** β in nanoseconds; {@link Long#MAX_VALUE} when latency is not bounded. */
    public long maxLatencyNanos() {
        return maxLatencyNanos;
    }

    /** τ as a fraction in [0, 1]; 1 when unpredictable reads are not bounded. */
    public double maxUnpredictableFraction() {
        return maxUnpredictableFraction;
    }

    /** Δ: how long the rated load must hold the SLA; zero means no confirmation run. */
    public Duration sustain() {
        return sustain;
    }

    /** True when this is {@link #none()}. */
    public boolean isNone() {
        return this == NONE;
    }

    /** True when the measurement's latency and unpredictable reads are within bounds. */
    public boolean isMet(ExperimentMeasurement measurement) {
        return evaluate(measurement).isEmpty();
    }

    /** {@link #isMet} and the measurement lasted at least Δ. */
    public boolean isSustained(ExperimentMeasurement measurement) {
        return isMet(measurement) && measurement.duration().compareTo(sustain) >= 0;
    }

    /** Why the measurement misses the SLA (empty list when it meets it), for reports and logs. */
    public List<String> evaluate(ExperimentMeasurement measurement) {
        List<String> misses = new ArrayList<>(2);
        if (maxLatencyNanos != Long.MAX_VALUE) {
            long latency = measurement.latencyNanosAt(percentile);
            if (latency > maxLatencyNanos) {
                misses.add(RatingFormat.percentile(percentile) + " " + RatingFormat.latency(latency)
                        + " > " + RatingFormat.latency(maxLatencyNanos));
            }
        }
        if (measurement.unpredictableFraction() > maxUnpredictableFraction) {
            misses.add("unpredictable " + RatingFormat.percent(measurement.unpredictableFraction())
                    + " > " + RatingFormat.percent(maxUnpredictableFraction));
        }
        return misses;
    }

    /** Canonical text, parseable again: {@code p95<=100ms, unpredictable<=0.1%, for 10m}, or {@code none}. */
    @Override
    public String toString() {
        if (isNone()) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(RatingFormat.percentile(percentile)).append("<=").append(RatingFormat.latency(maxLatencyNanos));
        if (maxUnpredictableFraction < 1.0) {
            sb.append(", unpredictable<=").append(RatingFormat.percent(maxUnpredictableFraction));
        }
        if (!sustain.isZero()) {
            sb.append(", for ").append(sustainText());
        }
        return sb.toString();
    }

    private String sustainText() {
        long seconds = sustain.toSeconds();
        if (sustain.toMillis() % 1000 != 0) {
            return RatingFormat.trim(sustain.toMillis() / 1000.0) + "s";
        }
        if (seconds % 3600 == 0) {
            return seconds / 3600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sla s && s.percentile == percentile && s.maxLatencyNanos == maxLatencyNanos
                && s.maxUnpredictableFraction == maxUnpredictableFraction && s.sustain.equals(sustain);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(percentile, maxLatencyNanos, maxUnpredictableFraction, sustain);
    }
}
