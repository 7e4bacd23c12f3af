package org.openmark.rating;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;

/** The local search that follows the climb ({@code --search}). */
public enum SearchStrategy {
    /** Golden-section search on (T/r², T): exact on unimodal curves. */
    GOLDEN,
    /** BG's approximate search on (T/r, T): fewer experiments, not exact. */
    APPROXIMATE;

    /** The flag that chooses the strategy. */
    public static final String FLAG = "--search";

    /** The name users type. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The strategy named by {@code text} (case-insensitive); errors list the allowed names. */
    public static SearchStrategy parse(String text) {
        List<String> allowed = Arrays.stream(values()).map(SearchStrategy::label).toList();
        for (SearchStrategy s : values()) {
            if (s.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return s;
            }
        }
        throw ConfigException.of(FLAG, String.valueOf(text), Settings.notAllowed(String.valueOf(text), allowed));
    }

    /** The local search for these settings. */
    public LocalSearch localSearch(SearchSettings settings) {
        return switch (this) {
            case GOLDEN -> new GoldenSectionSearch();
            case APPROXIMATE -> new ApproximateSearch(settings.epsilon(), settings.climbFactor());
        };
    }
}
