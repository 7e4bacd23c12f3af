package org.openmark.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between core's packages point one way (docs/design.md, "core's packages"): no package reaches,
 * directly or through others, a package that reaches it back. Read from the sources: every
 * {@code org.openmark.X.} a file names, in an import or written out in full.
 */
class PackageDependenciesTest {
    private static final Pattern PACKAGE = Pattern.compile("^package org\\.openmark\\.(\\w+)", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.openmark\\.(\\w+)\\.");

    @Test
    void corePackages_dependOneWay() throws IOException {
        Map<String, Set<String>> graph = graph(Path.of("src", "main", "java", "org", "openmark"));
        assertTrue(graph.size() > 10, "only " + graph.keySet() + " found: is the source path right?");
        assertEquals(List.of(), cycles(graph), "package cycles in core: " + graph);
    }

    @Test
    void cycles_foundThroughOtherPackages() {
        Map<String, Set<String>> g = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                "d", Set.of("a")));
        assertEquals(List.of("a -> b -> c -> a"), cycles(g));
        assertEquals(List.of(), cycles(new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of()))));
    }

    private static Map<String, Set<String>> graph(Path root) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher pkg = PACKAGE.matcher(text);
                if (!pkg.find()) {
                    continue;
                }
                Set<String> to = graph.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                Matcher ref = REFERENCE.matcher(text.substring(pkg.end()));
                while (ref.find()) {
                    if (!ref.group(1).equals(pkg.group(1))) {
                        to.add(ref.group(1));
                    }
                }
            }
        }
        return graph;
    }

    /** One cycle per package that lies on one, written from that package around and back. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> found = new ArrayList<>();
        Set<String> reported = new TreeSet<>();
        for (String start : graph.keySet()) {
            if (reported.contains(start)) {
                continue;
            }
            List<String> path = pathBack(graph, start, start, new ArrayList<>(List.of(start)), new TreeSet<>());
            if (path != null) {
                reported.addAll(path);
                found.add(String.join(" -> ", path));
            }
        }
        return found;
    }

    private static List<String> pathBack(Map<String, Set<String>> graph, String target, String at, List<String> path,
            Set<String> visited) {
        for (String next : graph.getOrDefault(at, Set.of())) {
            if (next.equals(target)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(target);
                return cycle;
            }
            if (visited.add(next)) {
                path.add(next);
                List<String> found = pathBack(graph, target, next, path, visited);
                if (found != null) {
                    return found;
                }
                path.remove(path.size() - 1);
            }
        }
        return null;
    }
}
