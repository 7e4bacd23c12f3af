package org.openmark.report.html;

import java.util.LinkedHashMap;
import java.util.Map;

/** One colour per operation, the same in every plot and table; colour-blind-safe hues first (Okabe–Ito). */
final class Palette {
    private static final String[] COLOURS = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
        "#8C6D1F", "#7F3C8D", "#11A579", "#3969AC"};

    private final Map<String, String> byName = new LinkedHashMap<>();

    /** The colour of {@code name}, assigned in order of first use. */
    String colour(String name) {
        return byName.computeIfAbsent(name, n -> COLOURS[byName.size() % COLOURS.length]);
    }
}
