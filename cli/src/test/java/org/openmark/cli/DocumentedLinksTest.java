package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The manual is the README and the pages of {@code docs/}, linked to each other: every relative link
 * leads to a file that exists, and every {@code #fragment} into a Markdown page to one of its
 * headings (named as GitHub names them: lower case, punctuation dropped, spaces as hyphens).
 */
class DocumentedLinksTest {
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#+\\s+(.*)$");

    @Test
    void everyLinkBetweenThePages_leadsToAFileAndAHeadingThatExist() throws IOException {
        List<Path> pages = pages();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readAllLines(page, StandardCharsets.UTF_8))) {
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                checked++;
                String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
                if (!Files.exists(file)) {
                    broken.add(page.getFileName() + ": " + target + " (no such file)");
                } else if (fragment != null && file.toString().endsWith(".md")
                        && !anchors(Files.readAllLines(file, StandardCharsets.UTF_8)).contains(fragment)) {
                    broken.add(page.getFileName() + ": " + target + " (no such heading in " + file.getFileName() + ")");
                }
            }
        }
        assertTrue(broken.isEmpty(), broken.size() + " broken link(s):\n" + String.join("\n", broken));
        assertTrue(checked > 60, "only " + checked + " links found: is the extraction broken?");
    }

    @Test
    void anchors_namedAsGitHubNamesThem() {
        Set<String> a = anchors(List.of("# openmark", "## YCSB bindings (`--store ycsb`)",
                "## Two verdicts: the generator's and the store's", "```", "# not a heading", "```", "## Results",
                "## Results"));
        assertEquals(Set.of("openmark", "ycsb-bindings---store-ycsb", "two-verdicts-the-generators-and-the-stores",
                "results", "results-1"), a);
    }

    @Test
    void links_outsideCodeOnly() {
        assertEquals(List.of("a.md", "b.md#x"), links(List.of("see [A](a.md) and `[no](c.md)`", "```",
                "[no](d.md)", "```", "[B](b.md#x)")));
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (Stream<Path> docs = Files.list(Path.of("..", "docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The link targets of a page, outside fenced code blocks and inline code. */
    static List<String> links(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean inBlock = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (inBlock) {
                continue;
            }
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                out.add(m.group(2));
            }
        }
        return out;
    }

    /** The anchors of a page's headings, as GitHub makes them (a repeated heading gets -1, -2, ...). */
    static Set<String> anchors(List<String> lines) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inBlock = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (inBlock || !m.matches()) {
                continue;
            }
            String slug = m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                    .replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum);
            out.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return out;
    }
}
