package org.openmark.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example binding of docs/stores.md as a binding author has it: a Maven project of its own, outside any
 * openmark checkout, whose openmark dependencies are the api and the test kit as {@code mvn install} installed
 * them. It is built offline ({@code mvn -o test}) against the local repository this build installs into, and
 * its tests must pass: the whole store contract on its in-memory store, and a Redis server from the fixture.
 *
 * <p>Runs in testkit's {@code install} phase, after the test kit is installed (testkit/pom.xml, execution
 * {@code example-binding}): a module's own tests run before it is installed. Every plugin and library the
 * project needs is one this build already resolved, so it builds offline on a local repository that was empty
 * before {@code mvn install}.
 */
class ExampleBindingIT {
    private static final Pattern TESTS_RUN = Pattern.compile(
            "tests=\"(\\d+)\" errors=\"(\\d+)\" skipped=\"(\\d+)\" failures=\"(\\d+)\"");

    @TempDir
    Path outside;

    @Test
    void exampleProject_builtOfflineAgainstTheInstalledTestKit_itsTestsPass() throws Exception {
        Path project = outside.resolve("example-binding");
        copy(ExampleDocumentedTest.PROJECT.toAbsolutePath(), project);
        String repository = required("openmark.repository");
        Path log = outside.resolve("mvn.log");
        ProcessBuilder mvn = new ProcessBuilder(required("openmark.maven"), "-B", "-o", "-q", "test",
                "-Dmaven.repo.local=" + repository, "-Dopenmark.version=" + required("openmark.version"))
                .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        mvn.environment().put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        // the project's own servers, in its own target directory, as a binding author's run has them
        mvn.environment().remove("OPENMARK_TEST_SERVICES_DIR");
        Process process = mvn.start();
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), "mvn test on the example project did not end");
        String said = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), said);

        assertEquals(new Counts(23, 0), counts(project, "org.example.binding.ExampleStoreContractTest"), said);
        assertEquals(new Counts(1, 0), counts(project, "org.example.binding.ExampleRedisTest"), said);
    }

    /** Tests run and tests not passed (errors, failures, skipped) of one class, from its surefire report. */
    private record Counts(int run, int notPassed) {
    }

    private static Counts counts(Path project, String testClass) throws IOException {
        String report = Files.readString(project.resolve("target/surefire-reports/TEST-" + testClass + ".xml"));
        Matcher m = TESTS_RUN.matcher(report);
        assertTrue(m.find(), report);
        return new Counts(Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4)));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        assertTrue(value != null && !value.isBlank(), property + " is not set: run this test through testkit's pom"
                + " (mvn install runs it)");
        return value;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

}
