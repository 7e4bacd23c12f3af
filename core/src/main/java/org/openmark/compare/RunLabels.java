package org.openmark.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names for runs that tell them apart: each run's directory name, lengthened with its parents'
 * names (the shortest path suffix no other run shares) where two runs share it, so
 * {@code L1} and {@code sub/L1} compare as {@code L1} and {@code sub/L1}, not as L1 and L1. The
 * same directory given twice is told apart by a number: {@code L1 (2)}.
 */
public final class RunLabels {
    private RunLabels() {
    }

    /** One label per directory, in order. */
    public static List<String> of(List<Path> dirs) {
        List<List<String>> parts = new ArrayList<>();
        for (Path dir : dirs) {
            Path abs = dir.toAbsolutePath().normalize();
            List<String> names = new ArrayList<>();
            for (Path p : abs) {
                names.add(p.toString());
            }
            parts.add(names);
        }
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            labels.add(shortestUnique(parts, i));
        }
        Map<String, Integer> seen = new HashMap<>();
        Set<String> taken = new HashSet<>(labels);
        List<String> out = new ArrayList<>();
        for (String label : labels) {
            int k = seen.merge(label, 1, Integer::sum);
            String unique = label;
            while (k > 1 && taken.contains(unique)) {
                unique = label + " (" + k++ + ")";
            }
            taken.add(unique);
            out.add(unique);
        }
        return out;
    }

    /** The shortest suffix of run i's path that no other run's path ends with (the whole path if none). */
    private static String shortestUnique(List<List<String>> parts, int i) {
        List<String> mine = parts.get(i);
        for (int len = 1; len <= mine.size(); len++) {
            List<String> suffix = mine.subList(mine.size() - len, mine.size());
            boolean shared = false;
            for (int j = 0; j < parts.size() && !shared; j++) {
                List<String> other = parts.get(j);
                shared = j != i && !other.equals(mine) && other.size() >= len
                        && other.subList(other.size() - len, other.size()).equals(suffix);
            }
            if (!shared) {
                return String.join("/", suffix);
            }
        }
        return String.join("/", mine);
    }
}
