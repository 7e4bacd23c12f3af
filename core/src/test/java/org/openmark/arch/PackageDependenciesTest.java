package org.openmark.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * directly or through others, a package that reaches it back. A subpackage is a package of its own
 * ({@code load.dispatch} is not {@code load}). Read from the sources: every {@code org.openmark.x.y.Name} a file
 * names, in an import or written out in full.
 */
class PackageDependenciesTest {
    private static final Pattern PACKAGE = Pattern.compile("^package org\\.openmark\\.([a-z]\\w*(?:\\.[a-z]\\w*)*);",
            Pattern.MULTILINE);
    /** A package (lower-case names) followed by a type (upper case) or {@code *}. */
    private static final Pattern REFERENCE =
            Pattern.compile("\\borg\\.openmark\\.([a-z]\\w*(?:\\.[a-z]\\w*)*)\\.[A-Z*]");
    private static final Path CORE = Path.of("src", "main", "java", "org", "openmark");

    @Test
    void corePackages_dependOneWay() throws IOException {
        Map<String, Set<String>> graph = graph(CORE);
        assertTrue(graph.size() > 10, "only " + graph.keySet() + " found: is the source path right?");
        assertEquals(List.of(), cycles(graph), "package cycles in core: " + graph);
    }

    /** The open model's dispatch (the worker pool and its timekeeping relay) knows nothing of the load models. */
    @Test
    void loadDispatch_dependsOnNoLoadModel() throws IOException {
        Map<String, Set<String>> graph = graph(CORE);
        assertTrue(graph.containsKey("load.dispatch"), "no package load.dispatch in " + graph.keySet());
        Set<String> dispatchUses = graph.get("load.dispatch");
        assertFalse(dispatchUses.contains("load"), "load.dispatch uses load: " + dispatchUses);
        assertTrue(graph.get("load").contains("load.dispatch"), "load does not use its dispatch: " + graph.get("load"));
    }

    @Test
    void references_subpackageIsAPackageOfItsOwn_nameEndsAtATypeOrWildcard() {
        assertEquals(Set.of("load.dispatch", "api", "load", "workload.generator"), references("""
                import org.openmark.load.dispatch.Dispatch;
                import static org.openmark.load.dispatch.Timekeeping.Turn.ENDED;
                /** {@link org.openmark.api.PipelinedSession} */
                org.openmark.load.Share share; // not org.openmark.load alone, nor {@code org.openmark.timing}
                import org.openmark.workload.generator.*;
                """));
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
                for (String p : references(text.substring(pkg.end()))) {
                    if (!p.equals(pkg.group(1))) {
                        to.add(p);
                    }
                }
            }
        }
        return graph;
    }

    /** The packages of openmark's that {@code text} names. */
    private static Set<String> references(String text) {
        Set<String> found = new TreeSet<>();
        Matcher ref = REFERENCE.matcher(text);
        while (ref.find()) {
            found.add(ref.group(1));
        }
        return found;
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
