package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.Reader;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * openmark's core workload files run unchanged on YCSB's own client: they name YCSB's workload class,
 * and YCSB's CoreWorkload (from the YCSB core openmark ships) accepts every property in them.
 */
class YcsbWorkloadFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
    void workloadFile_ycsbsCoreWorkload_initsFromIt(String name) throws Exception {
        Path file = Path.of("../../workloads", name);
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        }
        assertEquals("site.ycsb.workloads.CoreWorkload", p.getProperty("workload"), file.toString());
        List<URL> urls = new ArrayList<>();
        for (Path jar : BundledYcsb.jars()) {
            urls.add(jar.toUri().toURL());
        }
        try (URLClassLoader ycsb = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            // as YCSB's client does first: its workloads take their measurements from this singleton
            Class.forName("site.ycsb.measurements.Measurements", true, ycsb).getMethod("setProperties", Properties.class)
                    .invoke(null, p);
            Object workload = Class.forName(p.getProperty("workload"), true, ycsb).getConstructor().newInstance();
            // YCSB's client calls init(properties) before its threads start; it throws on a property it refuses
            workload.getClass().getMethod("init", Properties.class).invoke(workload, p);
        }
    }
}
