package org.openmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Seals the machine-readable formats: the YCSB text block and result.json. A change to either
 * must be deliberate: regenerate with -Dopenmark.golden.update=true and review the diff.
 */
class GoldenFileTest {
    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("openmark.golden.update")) {
            Files.writeString(Path.of("src/test/resources/golden", name), actual);
        }
        try (InputStream in = GoldenFileTest.class.getResourceAsStream("/golden/" + name)) {
            if (in == null) {
                throw new AssertionError("missing golden file " + name + " (run with -Dopenmark.golden.update=true)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void ycsbText_sampleOpenRun_matchesGolden() throws IOException {
        String text = YcsbTextReport.render(SampleResults.openRun());
        assertEquals(golden("ycsb-text.txt", text), text);
    }

    @Test
    void json_sampleOpenRun_matchesGolden() throws IOException {
        String json = JsonReport.render(SampleResults.openRun());
        assertEquals(golden("result.json", json), json);
    }
}
