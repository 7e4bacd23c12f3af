package org.openmark.store.ycsb;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The test bindings ({@code src/test/bindings}, package {@code org.openmark.testbindings}), compiled
 * against YCSB's core into a jar of their own, once per test run: they reach the store only through
 * {@code ycsb.classpath}, as a user's binding does, never through the test class path. The jar leaves
 * out {@code MissingDriver} and {@code MissingApi} (a "driver" the missing-dependency tests need absent). The old HdrHistogram
 * the isolation test puts beside it is copied to {@code target/test-libs} by the build.
 */
final class TestBindings {
    static final String PACKAGE = "org.openmark.testbindings.";
    private static Path jar;

    private TestBindings() {
    }

    /** {@code org.openmark.testbindings.SIMPLE_NAME}. */
    static String name(String simpleName) {
        return PACKAGE + simpleName;
    }

    /** The jar of the test bindings, built on first use. */
    static synchronized Path jar() {
        if (jar == null) {
            jar = build();
        }
        return jar;
    }

    /** An HdrHistogram older than openmark's, on no class path of openmark's. */
    static Path conflictingHdrHistogram() {
        String path = System.getProperty("openmark.test.conflictingHdrHistogram");
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            throw new IllegalStateException("the old HdrHistogram jar is missing (" + path + "): run the tests"
                    + " through Maven, which copies it to target/test-libs");
        }
        return Path.of(path);
    }

    /** {@code ycsb.classpath} for the test bindings and the old HdrHistogram. */
    static String classPath() {
        return jar() + java.io.File.pathSeparator + conflictingHdrHistogram();
    }

    private static Path build() {
        Path sources = Path.of("src/test/bindings");
        Path target = Path.of("target/test-bindings");
        Path classes = target.resolve("classes");
        try {
            List<String> files;
            try (Stream<Path> walk = Files.walk(sources)) {
                files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted().toList();
            }
            Files.createDirectories(classes);
            String classPath = Stream.concat(BundledYcsb.jars().stream(), Stream.of(conflictingHdrHistogram()))
                    .map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
            List<String> options = List.of("--release", "21", "-proc:none", "-nowarn", "-d", classes.toString(),
                    "-cp", classPath);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter errors = new StringWriter();
            boolean ok;
            try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
                ok = javac.getTask(errors, fileManager, null, options, null,
                        fileManager.getJavaFileObjectsFromStrings(files)).call();
            }
            if (!ok) {
                throw new IllegalStateException("the test bindings do not compile:\n" + errors);
            }
            Path out = target.resolve("openmark-test-bindings.jar");
            try (JarOutputStream jarOut = new JarOutputStream(Files.newOutputStream(out));
                    Stream<Path> walk = Files.walk(classes)) {
                for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                    String entry = classes.relativize(file).toString().replace('\\', '/');
                    if (entry.endsWith("/MissingDriver.class") || entry.endsWith("/MissingApi.class")) {
                        continue;
                    }
                    jarOut.putNextEntry(new JarEntry(entry));
                    Files.copy(file, jarOut);
                    jarOut.closeEntry();
                }
            }
            return out.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the test bindings: " + e.getMessage(), e);
        }
    }
}
