package org.openmark.rating;

import java.util.Objects;
import org.openmark.config.ConfigException;
import org.openmark.config.Percentages;

/**
 * How the rating searches, validated once. Defaults are in {@link #defaults()}: golden search,
 * climb factor 2, ε 5%, start at load 1, at most load 1,000,000,000, load counted in threads.
 *
 * @param strategy the local search after the climb ({@code --search})
 * @param climbFactor r: each climb step multiplies the load by r ({@code --climb}), {@code > 1}
 * @param epsilon ε: a step climbs only if throughput exceeds (1 + ε) × the previous ({@code --epsilon}), in [0, 1)
 * @param startLoad the first load level ({@code --start}), {@code >= 1}
 * @param maxLoad the climb never goes above this ({@code --max-load}), {@code >= startLoad}
 * @param loadUnit what a load level counts (threads or ops/s), for reports
 */
public record SearchSettings(SearchStrategy strategy, double climbFactor, double epsilon, long startLoad,
        long maxLoad, LoadUnit loadUnit) {

    public static final double DEFAULT_CLIMB_FACTOR = 2.0;
    public static final double DEFAULT_EPSILON = 0.05;
    public static final long DEFAULT_START_LOAD = 1;
    public static final long DEFAULT_MAX_LOAD = 1_000_000_000L;
    /** Climb factors above this skip too much of the curve to be useful. */
    public static final double MAX_CLIMB_FACTOR = 100.0;

    public SearchSettings {
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(loadUnit, "loadUnit");
        if (!(climbFactor > 1 && climbFactor <= MAX_CLIMB_FACTOR)) {
            throw ConfigException.of("--climb", RatingFormat.trim(climbFactor),
                    "must be > 1 and <= " + RatingFormat.trim(MAX_CLIMB_FACTOR) + " (the climb multiplies the load by it)");
        }
        if (!(epsilon >= 0 && epsilon < 1)) {
            throw ConfigException.of("--epsilon", RatingFormat.percent(epsilon), "must be >= 0% and < 100%");
        }
        if (startLoad < 1) {
            throw ConfigException.of("--start", String.valueOf(startLoad), "must be >= 1");
        }
        if (maxLoad < startLoad) {
            throw ConfigException.of("--max-load", String.valueOf(maxLoad), "must be >= --start (" + startLoad + ")");
        }
    }

    /** The defaults listed above. */
    public static SearchSettings defaults() {
        return new SearchSettings(SearchStrategy.GOLDEN, DEFAULT_CLIMB_FACTOR, DEFAULT_EPSILON,
                DEFAULT_START_LOAD, DEFAULT_MAX_LOAD, LoadUnit.THREADS);
    }

    /** A copy with another strategy. */
    public SearchSettings withStrategy(SearchStrategy s) {
        return new SearchSettings(s, climbFactor, epsilon, startLoad, maxLoad, loadUnit);
    }

    /** A copy with another climb factor. */
    public SearchSettings withClimbFactor(double r) {
        return new SearchSettings(strategy, r, epsilon, startLoad, maxLoad, loadUnit);
    }

    /** A copy with another ε. */
    public SearchSettings withEpsilon(double e) {
        return new SearchSettings(strategy, climbFactor, e, startLoad, maxLoad, loadUnit);
    }

    /** A copy with other load bounds. */
    public SearchSettings withLoads(long start, long max) {
        return new SearchSettings(strategy, climbFactor, epsilon, start, max, loadUnit);
    }

    /** A copy counting load in another unit. */
    public SearchSettings withLoadUnit(LoadUnit unit) {
        return new SearchSettings(strategy, climbFactor, epsilon, startLoad, maxLoad, unit);
    }

    /** Parses {@code --epsilon}: {@code 5%} or {@code 0.05}. */
    public static double parseEpsilon(String text) {
        String t = text == null ? "" : text.trim();
        double value = Percentages.fraction(t);
        if (value >= 0 && value < 1) {
            return value;
        }
        throw ConfigException.of("--epsilon", t, "must be a percentage such as 5% or a fraction such as 0.05, >= 0 and < 1");
    }

    /**
     * The load after {@code load} in the climb: {@code load × r} rounded half up, at least {@code load + 1}
     * (so small loads with a small r still move), at most {@link #maxLoad}.
     */
    public long nextClimbLoad(long load) {
        double scaled = load * climbFactor;
        long next = scaled >= maxLoad ? maxLoad : Math.max(load + 1, Math.round(scaled));
        return Math.min(next, maxLoad);
    }
}
