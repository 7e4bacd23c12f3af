package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/test --quick} leaves out the tests tagged {@code integration} and needs no server: a test that
 * starts a real server (a {@code ServicesFixture}, the services manager) or other openmark processes (local
 * workers, a command in a JVM of its own) must carry the tag, or the inner loop would wait for, or fail
 * without, what it promises not to need. This reads every module's test sources and names the untagged
 * ones. (stores/cassandra-it is left out of the quick suite as a whole.)
 */
class TestTagsTest {
    /**
     * What starts a real server or another process of openmark's, as the tests write it (the services module's
     * own tests of its manager start servers through it, unless they give it fake ones).
     */
    private static final Pattern NEEDS_MORE_THAN_THIS_JVM = Pattern.compile(
            "ServicesFixture\\.of\\(|CassandraFixture\\.NODES|\"--local-workers\"|Main\\.class\\.getName\\(\\)"
                    + "|(?s)^(?!.*FakeServer).*services\\.start\\(ServiceKind");
    private static final Pattern A_TEST = Pattern.compile("@Test\\b|@ParameterizedTest\\b");
    private static final String TAG = "@Tag(\"integration\")";

    @Test
    void everyTestThatStartsAServerOrAProcess_isTaggedIntegration() throws IOException {
        List<Path> sources = testSources();
        assertTrue(sources.size() > 200, "read the test sources of every module: " + sources.size());
        List<String> untagged = new ArrayList<>();
        for (Path source : sources) {
            String text = Files.readString(source);
            if (A_TEST.matcher(text).find() && NEEDS_MORE_THAN_THIS_JVM.matcher(text).find() && !text.contains(TAG)) {
                untagged.add(source.toString());
            }
        }
        assertEquals(List.of(), untagged, "tag them " + TAG + " (on the class, or on each test that needs it)");
    }

    @Test
    void theRule_findsAFixtureInAnUntaggedTest() {
        String untagged = "class T {\n static final ServicesFixture R = ServicesFixture.of(\"redis\");\n @Test void t() {}\n}";
        assertTrue(A_TEST.matcher(untagged).find() && NEEDS_MORE_THAN_THIS_JVM.matcher(untagged).find()
                && !untagged.contains(TAG));
    }

    /** The test sources of every module but stores/cassandra-it, from the checkout this module is in. */
    private static List<Path> testSources() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root, 8)) {
            files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> root.relativize(p).toString().matches("([^/]+/)?[^/]+/src/test/java/.*"))
                    .filter(p -> !root.relativize(p).startsWith(Path.of("stores", "cassandra-it")))
                    .filter(p -> !p.getFileName().toString().equals("TestTagsTest.java"))
                    .forEach(sources::add);
        }
        return sources;
    }
}
