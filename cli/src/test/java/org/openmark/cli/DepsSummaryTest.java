package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * bin/deps' summary of the versions plugin's output, offline: a canned log with long artifact
 * names Maven wraps onto a second line, and every module repeating what it inherits. Run with
 * the machine's own awk (Debian's mawk has no regex intervals).
 */
class DepsSummaryTest {

    @Test
    void summary_wrappedAndRepeatedLines_eachUpdateOnceOnOneLine() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Process awk = new ProcessBuilder("awk", "-f", root.resolve("bin/lib/deps-summary.awk").toString(),
                Path.of("src/test/resources/deps/versions.log").toString()).redirectErrorStream(true).start();
        String out = new String(awk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        awk.waitFor(30, TimeUnit.SECONDS);

        assertEquals(0, awk.exitValue(), out);
        assertEquals("""
                dependencies: The following dependencies in Dependency Management have newer versions (3):
                  org.apache.pekko:pekko-serialization-jackson_2.13 1.1.3 -> 1.7.0
                  org.apache.pekko:pekko-cluster-typed_2.13 1.1.3 -> 1.7.0
                  redis.clients:jedis 5.2.0 -> 8.0.2
                plugins: The following plugin updates are available (1):
                  maven-surefire-plugin 3.5.0 -> 3.6.1
                properties: The following version property updates are available (1):
                  ${slf4j.version} 2.0.16 -> 2.0.20
                note: Some problem the plugin reported
                """, out);
    }
}
