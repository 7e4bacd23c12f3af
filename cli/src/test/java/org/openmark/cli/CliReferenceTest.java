package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/cli.md is what the commands' definitions render: an option added, renamed or re-described
 * without regenerating the reference fails here ({@code -Dopenmark.golden.update=true} rewrites it).
 */
class CliReferenceTest {
    private static final Path FILE = Path.of("..", "docs", "cli.md");

    @Test
    void docsCliMd_isTheRenderedReference() throws Exception {
        String rendered = CliReference.render();
        if (Boolean.getBoolean("openmark.golden.update")) {
            Files.writeString(FILE, rendered, StandardCharsets.UTF_8);
        }
        assertEquals(rendered, Files.readString(FILE, StandardCharsets.UTF_8),
                "docs/cli.md is out of date: regenerate it with -Dopenmark.golden.update=true");
    }

    @Test
    void reference_hasEveryCommandAndItsOptions() {
        String rendered = CliReference.render();
        for (String command : new String[] {"run", "load", "rate", "staleness", "compare", "worker", "experiment"}) {
            assertTrue(rendered.contains("\n## openmark " + command + "\n"), command);
        }
        assertTrue(rendered.contains("`--local-workers N`"), "the cluster options of every command");
        assertTrue(rendered.contains("`--fail-if-slower"), "compare's gate");
    }
}
