package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.report.JsonReport;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * A binding with an HdrHistogram of another version on its class path (and Jackson 1 from YCSB's
 * core) runs with its own copies, sees nothing of openmark's, and openmark's measurements and
 * reports, made with openmark's HdrHistogram and Jackson, are complete.
 */
class ClassLoaderIsolationTest {

    @Test
    void run_bindingWithOldHdrHistogram_eachSideUsesItsOwnAndResultsAreComplete() throws Exception {
        Phases phases = new Phases();
        RunResult r = phases.run(Phase.RUN, Phases.props("store", "ycsb", "ycsb.db", TestBindings.name("LibraryProbeDB"),
                "ycsb.classpath", TestBindings.classPath(), "recordcount", "100", "operationcount", "2000",
                "readproportion", "0.5", "updateproportion", "0.5", "threadcount", "2", "seed", "1"));

        ClassLoader loader = phases.lastYcsbStore().bindingLoader();
        Class<?> probe = loader.loadClass(TestBindings.name("LibraryProbeDB"));
        String seen = (String) probe.getField("histogramJar").get(null);
        assertTrue(seen.endsWith(TestBindings.conflictingHdrHistogram().getFileName().toString()), seen);
        Class<?> theirs = loader.loadClass("org.HdrHistogram.Histogram");
        assertNotSame(Histogram.class, theirs);
        assertFalse(Histogram.class.getProtectionDomain().getCodeSource().getLocation().toString()
                .contains("2.1.9"), "openmark's own HdrHistogram is not the binding's");
        assertFalse((Boolean) probe.getField("seesOpenmark").get(null), "the binding must not see openmark's classes");
        assertTrue((Boolean) probe.getField("contextLoaderIsOwn").get(null));
        assertEquals("{\"binding\":\"probe\"}", probe.getField("json").get(null));
        Object recorded = probe.getField("RECORDED").get(null);
        long bindingCount = (Long) theirs.getMethod("getTotalCount").invoke(recorded);

        long openmarkCount = r.operations().stream().mapToLong(OpResult::count).sum();
        assertEquals(2000, openmarkCount);
        assertEquals(2000, r.accounting().statuses().get(Status.OK));
        assertEquals(openmarkCount, bindingCount, "the binding recorded every operation in its own histogram");
        for (OpResult op : r.operations()) {
            assertSame(Histogram.class, op.okService().getClass());
            assertEquals(op.count(), op.okService().getTotalCount());
        }
        String json = JsonReport.render(r);
        assertTrue(json.contains("\"binding\" : \"org.openmark.testbindings.LibraryProbeDB\""), json);
    }

    @Test
    void loader_bridgeIsDefinedInTheBindingsLoader_apiTypesAreOpenmarks() throws Exception {
        try (YcsbStore store = new YcsbStoreFactory().open(org.openmark.api.StoreProperties.of(
                Phases.props("ycsb.db", "site.ycsb.BasicDB", "basicdb.verbose", "false")));
                Session session = store.newSession()) {
            ClassLoader loader = store.bindingLoader();
            assertSame(loader, session.getClass().getClassLoader());
            assertSame(Session.class, loader.loadClass(Session.class.getName()));
            assertSame(Status.class, loader.loadClass(Status.class.getName()));
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("org.openmark.run.Runner"));
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"));
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("org.openmark.store.ycsb.YcsbStore"));
            assertEquals(Status.OK, session.read("usertable", "k", null, new java.util.HashMap<>()));
        }
    }

    /**
     * openmark's side of the module never names a YCSB or bridge class, so it loads (and the
     * bridge is never defined by openmark's loader) without YCSB on openmark's class path.
     */
    @Test
    void classFiles_openmarksSide_referNoYcsbNorBridgeClass() throws IOException {
        Path classes = Path.of("target/classes/org/openmark/store/ycsb");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                if (file.startsWith(classes.resolve("bridge"))) {
                    continue;
                }
                String constants = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                if (constants.contains("site/ycsb/") || constants.contains("org/openmark/store/ycsb/bridge/")) {
                    offenders.add(classes.relativize(file).toString());
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    /** The bridge uses only the JDK, openmark's api and spi, and YCSB. */
    @Test
    void classFiles_bridge_referOnlyJdkApiSpiAndYcsb() throws IOException {
        Path bridge = Path.of("target/classes/org/openmark/store/ycsb/bridge");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.list(bridge)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String constants = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                for (String line : new java.io.BufferedReader(new StringReader(constants.replaceAll("[^A-Za-z0-9/$_]+",
                        "\n"))).lines().toList()) {
                    if (line.startsWith("org/") && !line.startsWith("org/openmark/api/")
                            && !line.startsWith("org/openmark/store/ycsb/spi/")
                            && !line.startsWith("org/openmark/store/ycsb/bridge/")) {
                        offenders.add(file.getFileName() + ": " + line);
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
    }
}
