package org.openmark.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean …" for misspelt names and values (edit distance). */
public final class Suggestions {
    private Suggestions() {
    }

    /** The candidates within a small edit distance of {@code given}, closest first. */
    public static List<String> closeMatches(String given, Collection<String> candidates) {
        String g = given.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, g.length() / 3);
        return candidates.stream()
                .filter(c -> distance(g, c.toLowerCase(Locale.ROOT)) <= limit)
                .sorted(Comparator.comparingInt((String c) -> distance(g, c.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
